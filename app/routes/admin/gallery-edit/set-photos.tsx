// The selected set's photos in the middle of the gallery's workspace: the same uploader,
// processing status and photo manager as a shoot's page (a set is a shoot), with photos
// dropped anywhere on the set going up into it.
import { useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { PhotoManager } from "#app/components/admin/photo-manager/photo-manager.tsx";
import { PhotoUploader, shootTarget } from "#app/components/admin/photo-uploader.tsx";
import { ProcessingStatus } from "#app/components/admin/processing-status.tsx";
import type { AdminPhoto } from "#domain/catalog/shoots.server.ts";
import type { PhotoOrder } from "#platform/db/schema.server.ts";
import { photosText } from "./answer.ts";
import { workspaceHref } from "./panels.ts";

export interface SetPhotosData {
  set: { id: number; title: string; photoOrder: PhotoOrder; deleted: boolean };
  photos: AdminPhoto[];
  photoCount: number;
  pageStart: number;
  complete: boolean;
  /** The gallery's cover, badged when it is one of this set's photos. */
  coverAssetId: number | null;
  /** The gallery's other sets, to move photos to. */
  otherShoots: { id: number; title: string }[];
  knownHashes: string[];
  /** While the gallery's guest search is on: its photos hidden from guests (issue 31); else null. */
  guestHidden: number[] | null;
}

export function SetPhotos({
  galleryId,
  data,
  csrf,
  since,
}: {
  galleryId: number;
  data: SetPhotosData;
  csrf: string;
  /** Processing is reported from the page's first load on. */
  since: number;
}) {
  const zone = useRef<HTMLElement>(null);
  const [pokes, setPokes] = useState(0);
  const { set } = data;
  const guestHidden = useMemo(() => (data.guestHidden ? new Set(data.guestHidden) : undefined), [data.guestHidden]);
  return (
    <section ref={zone} aria-labelledby="set-photos-heading" className="gw-photos">
      <h2 id="set-photos-heading">
        {set.title} <span className="admin-sub">({photosText(data.photoCount)})</span>
      </h2>
      <p className="admin-sub">
        Drop photos anywhere on this set to add them to it. “Set as cover” makes a photo the gallery's{" "}
        <Link to={workspaceHref(galleryId, { set: set.id, panel: "cover" })}>cover</Link>.
      </p>
      {set.deleted ? null : (
        <PhotoUploader
          key={set.id}
          target={shootTarget(set.id)}
          csrf={csrf}
          knownHashes={data.knownHashes}
          onQueued={() => setPokes((n) => n + 1)}
          dropZone={zone}
        />
      )}
      <ProcessingStatus shootId={set.id} since={since} pokes={pokes} />
      <PhotoManager
        key={set.id}
        photos={data.photos}
        photoCount={data.photoCount}
        pageStart={data.pageStart}
        complete={data.complete}
        photoOrder={set.photoOrder}
        coverAssetId={data.coverAssetId}
        otherShoots={data.otherShoots}
        gallerySet
        guestHidden={guestHidden}
        pageHref={(page) => workspaceHref(galleryId, { set: set.id, extra: { page: String(page) } })}
      />
    </section>
  );
}
