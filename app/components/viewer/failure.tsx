// The viewer's general failure (spec section 8), one dialog for both ways it can fail: its code
// or styles could not be loaded (launcher.tsx), or it broke while open (viewer.tsx). It covers
// the screen, so the message is seen wherever the visitor clicked, and closes like the viewer.
// Its styles are in app.css: when the viewer's own stylesheets failed, they are not there.
import type { KeyboardEvent } from "react";
import { useT } from "#app/i18n/i18n.ts";

export function ViewerFailure({ onClose }: { onClose: () => void }) {
  const t = useT();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") onClose();
    // Close is the only control: focus stays on it, as in any modal dialog.
    else if (event.key !== "Tab") return;
    event.preventDefault();
  };
  return (
    <div
      className="viewer-failure"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="viewer-failure-text"
      onKeyDown={onKeyDown}
    >
      <p id="viewer-failure-text">{t("viewer.failure")}</p>
      <button
        type="button"
        className="button"
        // biome-ignore lint/a11y/noAutofocus: the dialog's only control takes focus as it opens.
        autoFocus
        onClick={onClose}
      >
        {t("viewer.failure.close")}
      </button>
    </div>
  );
}
