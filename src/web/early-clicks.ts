// A tap on a button of a page the server rendered, made before the app has started, is held and
// made again once the app is listening, instead of being lost. (Links need no help: they work as
// plain links until then.)
const heldSelector = 'button, [role="button"], input[type="submit"], input[type="button"]';
const held: HTMLElement[] = [];

function holdClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>(heldSelector) : null;
  if (!target) return;
  // The app has not attached its handlers yet: a submit button would otherwise send its form away.
  event.preventDefault();
  event.stopPropagation();
  if (!held.includes(target)) held.push(target);
}

export function holdEarlyClicks(): void {
  document.addEventListener('click', holdClick, true);
}

/** Called once React listens on the page: it hydrates the part that was tapped and handles the tap. */
export function replayEarlyClicks(): void {
  document.removeEventListener('click', holdClick, true);
  for (const target of held.splice(0)) if (target.isConnected) target.click();
}

/** The page is about to be rendered afresh: what was tapped is gone. */
export function forgetEarlyClicks(): void {
  document.removeEventListener('click', holdClick, true);
  held.length = 0;
}
