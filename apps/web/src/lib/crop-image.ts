/** The profile picture is a 150x150 PNG (docs/product/constants.md#amounts-and-units). */
export const AVATAR_SIZE = 150;

export type PixelArea = { x: number; y: number; width: number; height: number };

const loadImage = (src: string) =>
  new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("Impossible de lire l'image"));
    image.src = src;
  });

/** Draws the chosen square of the picture into a 150x150 canvas and returns it as a PNG Blob. */
export const cropToPng = async (src: string, area: PixelArea, size = AVATAR_SIZE): Promise<Blob> => {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas indisponible');
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size, size);
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Image vide'))), 'image/png'),
  );
};
