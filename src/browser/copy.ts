/**
 * The copy buttons of the pages (`<button class="copy" data-copy="install" hidden>`): hidden
 * in the markup, since without the script they do nothing; shown where the clipboard can be
 * written (a secure context: HTTPS, or the loopback address).
 */

const SAID_FOR = 2000;

export function wireCopyButtons(): void {
  if (!navigator.clipboard) return;
  for (const button of document.querySelectorAll<HTMLButtonElement>('button.copy[data-copy]')) {
    const source = document.getElementById(button.dataset.copy ?? '');
    if (!source) continue;
    const label = button.textContent;
    let timer: ReturnType<typeof setTimeout> | undefined;
    button.hidden = false;
    button.addEventListener('click', () => {
      const say = (text: string) => {
        button.textContent = text;
        clearTimeout(timer);
        timer = setTimeout(() => (button.textContent = label), SAID_FOR);
      };
      navigator.clipboard.writeText(source.textContent ?? '').then(
        () => say('Copied'),
        () => say('Not copied'),
      );
    });
  }
}
