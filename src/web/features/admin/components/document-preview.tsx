import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { VerificationDocument } from '../../../../shared/contracts/verification';
import { adminKeys } from '../api';

const TYPE_LABEL = {
  id: 'Government ID',
  selfie: 'Selfie',
  address: 'Proof of address',
  police: 'Police record',
};

/**
 * A private document shown inline: fetched with the admin's session (the file itself answers as an
 * attachment) and displayed from a blob URL; PDFs open in a new tab.
 */
export function DocumentPreview({ doc }: { doc: VerificationDocument }) {
  const { data: blobUrl, isError } = useQuery({
    queryKey: adminKeys.document(doc.id),
    queryFn: async ({ signal }) => {
      const res = await fetch(doc.url, {
        credentials: 'include',
        signal,
        headers: { 'X-Requested-With': 'fetch' },
      });
      if (!res.ok) throw new Error(`${res.status}`);
      return URL.createObjectURL(await res.blob());
    },
    gcTime: 0,
  });
  useEffect(() => () => (blobUrl ? URL.revokeObjectURL(blobUrl) : undefined), [blobUrl]);
  const label = TYPE_LABEL[doc.type];
  return (
    <figure className="space-y-2 rounded-xl border border-border p-3">
      <figcaption className="text-sm font-semibold">
        {label}{' '}
        <span className="font-normal text-muted-foreground">
          ({doc.contentType === 'application/pdf' ? 'PDF' : 'image'}, {Math.ceil(doc.size / 1024)} KB)
        </span>
      </figcaption>
      {isError ? (
        <p className="text-sm text-destructive">Could not load the file.</p>
      ) : !blobUrl ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : doc.contentType.startsWith('image/') ? (
        <img
          src={blobUrl}
          alt={`${label} uploaded by the user`}
          className="max-h-64 w-full rounded-lg object-contain"
        />
      ) : (
        <a
          href={blobUrl}
          target="_blank"
          rel="noopener"
          className="font-semibold text-primary underline underline-offset-4"
        >
          Open the PDF
        </a>
      )}
      <a href={doc.url} className="block text-sm text-primary underline underline-offset-4">
        Download {label.toLowerCase()}
      </a>
    </figure>
  );
}
