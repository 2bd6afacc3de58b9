// The gallery's details: title, client, event day and selection limit.
import { GalleryForm } from "#app/components/admin/gallery-form.tsx";
import type { GalleryRecord } from "#domain/galleries/galleries.server.ts";
import type { GalleryField, GalleryFormValues } from "#domain/galleries/gallery-form.ts";
import type { Mistakes } from "./answer.ts";
import { FormAnswer } from "./form-answer.tsx";

export function DetailsSection({
  gallery,
  mistakes,
}: {
  gallery: Pick<GalleryRecord, GalleryField>;
  mistakes: Mistakes;
}) {
  const detailValues: GalleryFormValues = {
    title: gallery.title,
    titleTa: gallery.titleTa ?? "",
    clientName: gallery.clientName,
    clientEmail: gallery.clientEmail,
    clientPhone: gallery.clientPhone,
    language: gallery.language,
    eventDate: gallery.eventDate ?? "",
    selectionLimit: gallery.selectionLimit === null ? "" : String(gallery.selectionLimit),
  };
  return (
    <section aria-labelledby="details-heading" className="gw-panel">
      <h2 id="details-heading">Details</h2>
      <GalleryForm
        values={(mistakes("details")?.values as GalleryFormValues | undefined) ?? detailValues}
        errors={mistakes("details")?.errors}
        submitLabel="Save details"
        answer={<FormAnswer answer={mistakes("details")} />}
      />
    </section>
  );
}
