/** The keyboard of both the fragment browser and the pages: `/` to search, Escape to clear, the arrows through the results. */
import { RESULT_LINK } from './results.js';

/**
 * `results`: where the search's results are shown now, if anywhere (the arrows move through its links);
 * `clear`: what Escape in the search box does beside emptying it.
 */
export function wireKeys(box: HTMLInputElement, results: () => Element | null, clear: () => void): void {
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLSelectElement;
    if (event.key === '/' && !typing) {
      event.preventDefault();
      box.focus();
      box.select();
      return;
    }
    if (event.key === 'Escape' && event.target === box) {
      box.value = '';
      clear();
      return;
    }
    // Down and Up move through the results (from the search box too).
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const links = [...(results()?.querySelectorAll<HTMLAnchorElement>(RESULT_LINK) ?? [])];
    if (links.length === 0) return;
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (at === -1 && event.target !== box) return; // elsewhere on the page the arrows scroll as usual
    const next = event.key === 'ArrowDown' ? Math.min(at + 1, links.length - 1) : at - 1;
    event.preventDefault();
    if (next < 0) box.focus();
    else links[next]!.focus();
  });
}
