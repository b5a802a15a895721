import { useState } from 'react';

/** Local text for a box whose committed value lives in the URL; follows the URL when it changes. */
export function useDraft(value: string) {
  const [draft, setDraft] = useState(value);
  const [synced, setSynced] = useState(value);
  if (value !== synced) {
    setSynced(value);
    setDraft(value);
  }
  return [draft, setDraft] as const;
}
