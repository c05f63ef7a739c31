/**
 * Opening Get Expert Help from anywhere in the app. The dialog belongs to the action log and
 * lives behind the header's Get Help button (always mounted in the shell); a page of another
 * feature cannot import it, so it asks here and the button, subscribed, opens it.
 */

/** `returnFocusTo`: the element that gets the focus back when the dialog closes. */
type GetHelpListener = (returnFocusTo: HTMLElement | null) => void;

const listeners = new Set<GetHelpListener>();

/** Opens Get Expert Help; false when no Get Help button is mounted to open it (no acting organization). */
export function openGetHelp(returnFocusTo: HTMLElement | null = null): boolean {
  for (const listener of listeners) listener(returnFocusTo);
  return listeners.size > 0;
}

/** Subscribes the component that opens the dialog; answers the unsubscribe. */
export function onGetHelpRequested(listener: GetHelpListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
