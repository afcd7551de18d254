import { useState } from 'react';

/**
 * A form that opens in the place of the button that opens it ("Make an offer", "Counter"). Closed by
 * Cancel or Escape, the keyboard comes back to that button: shown again, it takes the focus as it
 * mounts (React focuses an element with autoFocus then).
 */
export function useFormInPlace() {
  const [state, setState] = useState({ open: false, returnFocus: false });
  return {
    open: state.open,
    /** For the button that opens the form. */
    buttonProps: { autoFocus: state.returnFocus },
    show: () => setState({ open: true, returnFocus: false }),
    /** Sent: the form closes. */
    close: () => setState({ open: false, returnFocus: false }),
    /** Given up: the form closes and its button has the keyboard again. */
    cancel: () => setState({ open: false, returnFocus: true }),
  };
}
