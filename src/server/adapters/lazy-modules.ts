/**
 * Heavy packages a request needs now and then, loaded on first use rather than at start-up (issue 35: the
 * server's start is mostly module loading; pdfkit alone, with its fonts, costs about a quarter of it). Each
 * is imported once; later calls get the same module.
 */
const once = <T>(load: () => Promise<T>) => {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((err) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
};

/** sharp (libvips): profile, visit and document images. */
export const loadSharp = once(async () => (await import('sharp')).default);

/** pdfkit: statements and receipts as PDF. */
export const loadPdfKit = once(async () => (await import('pdfkit')).default);

/** file-type: what an upload's bytes are. */
export const loadFileType = once(async () => await import('file-type'));

/** The AWS SDK's S3 client, only when S3_BUCKET is set. */
export const loadS3 = once(async () => await import('@aws-sdk/client-s3'));
