import { useState } from "react";
import { useHydrated } from "#app/utils/use-hydrated.ts";

/**
 * The link in a read-only field (select it and copy without JavaScript), and a Copy button with
 * it: the couple's private link, or the guests' event link.
 */
export function LinkCopy({
  link,
  id = "gallery-link",
  label = "Private link",
}: {
  link: string;
  id?: string;
  label?: string;
}) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState("");
  return (
    <div className="gallery-link">
      <label htmlFor={id}>{label}</label>
      <div className="admin-actions">
        <input id={id} type="url" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
        {hydrated ? (
          <button
            type="button"
            className="button"
            onClick={() =>
              navigator.clipboard.writeText(link).then(
                () => setCopied("Link copied."),
                () => setCopied("Could not copy: select the link and copy it."),
              )
            }
          >
            Copy link
          </button>
        ) : null}
      </div>
      <p role="status" className="admin-sub">
        {copied}
      </p>
    </div>
  );
}
