/**
 * Focus on the testing screen: a view that replaces the one holding focus (the next question, the
 * run after the start card, the result after its dialog) takes it, so it is never lost to <body>.
 */

/** The focused control has left the page (its view was replaced): focus fell back to <body>. */
export function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body;
}

/**
 * Focuses `target` and scrolls `frame` (the card around it) to the top of the window, clear of the
 * header and the compact clock that stick there (testing.css sets the root's scroll-padding-top for
 * them), so the new view is read and seen from its start.
 */
export function focusAndReveal(target: HTMLElement | null, frame: HTMLElement | null = target): void {
  target?.focus({ preventScroll: true });
  frame?.scrollIntoView({ block: 'start' });
}
