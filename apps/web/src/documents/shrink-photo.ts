import { jpegNameOf, PHOTO_JPEG_QUALITY, shrunkPhotoSize } from "@kalinga/domain/document-files";

/** Photos the browser can draw; HEIC and PDFs travel as they are and the server decides. */
const DRAWABLE = new Set(["image/jpeg", "image/png", "image/webp"]);

export type FileToSend = { blob: Blob; name: string };

/**
 * A 12-megapixel phone photo re-drawn at 2000 px on its long side as a JPEG: about 0.5 MB
 * instead of 5 MB on the claimant's mobile data. Anything that cannot be drawn, or would not
 * get smaller, is sent as it is.
 */
export async function shrinkPhoto(file: File): Promise<FileToSend> {
  const asIs = { blob: file, name: file.name };
  if (!DRAWABLE.has(file.type)) return asIs;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return asIs;
  }
  try {
    const size = shrunkPhotoSize(bitmap.width, bitmap.height, file.size);
    if (!size) return asIs;
    const canvas = document.createElement("canvas");
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext("2d");
    if (!context) return asIs;
    // JPEG has no transparency: a transparent PNG screenshot would turn black without a backdrop.
    context.fillStyle = "#fff";
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, "image/jpeg", PHOTO_JPEG_QUALITY),
    );
    if (!blob || blob.size >= file.size) return asIs;
    return { blob, name: jpegNameOf(file.name) };
  } finally {
    bitmap.close();
  }
}
