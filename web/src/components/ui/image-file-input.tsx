import type { Ref } from 'react';

/** The image types the server accepts (JPEG, PNG, GIF, WebP). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';

/**
 * ImageFileInput: the hidden file input behind a visible "Upload" button (which clicks it
 * through `ref`): images only, the chosen file handed to `onFile`, and the input emptied so
 * choosing the same file again still counts.
 */
export function ImageFileInput({ ref, label, onFile }: { ref: Ref<HTMLInputElement>; label: string; onFile: (file: File) => void }) {
  return (
    <input
      ref={ref}
      type="file"
      accept={IMAGE_ACCEPT}
      className="visually-hidden"
      aria-label={label}
      tabIndex={-1}
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) onFile(file);
      }}
    />
  );
}
