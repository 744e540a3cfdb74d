/**
 * The address that follows what is shown (a search's results): updated after them, since a
 * history entry's update costs the browser more than the search. An update still pending when
 * the reader clicks (a result opened, a link followed) is made first, before the click's
 * navigation, so that Back returns to the search as it was shown.
 */
let pending: (() => void) | undefined;
let listening = false;

export function followLater(update: () => void): void {
  pending = update;
  if (!listening) document.addEventListener('click', flush, true);
  listening = true;
  setTimeout(flush);
}

function flush(): void {
  const update = pending;
  pending = undefined;
  update?.();
}
