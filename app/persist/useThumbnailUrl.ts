import { useEffect, useState } from 'react';

/** An object URL for PNG bytes (a saved session's thumbnail), revoked when no longer shown. */
export function useThumbnailUrl(png: Uint8Array | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!png) return setUrl(null);
    const next = URL.createObjectURL(new Blob([png.slice()], { type: 'image/png' }));
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [png]);
  return url;
}
