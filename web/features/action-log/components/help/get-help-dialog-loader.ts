/**
 * The dialog's code. The header imports this one-line module instead of the dialog: the list of
 * files to preload with a dynamic import is written beside it, so the header's chunk, in every
 * first load, names one file, and the dialog's thirty-odd files are named here instead.
 */
export const loadGetHelpDialog = () => import("./get-help-dialog.tsx");
