import useSWRMutation from 'swr/mutation';
import { apiJSON } from '../client';
import { urls } from '../keys';
import type { ImageUploadResponse } from '../types';

/** postImage: POST /api/upload/image as multipart with the field `file`; answers {imageUrl}. */
export function postImage(url: string, { arg }: { arg: File | Blob }): Promise<ImageUploadResponse> {
  const form = new FormData();
  form.append('file', arg, arg instanceof File ? arg.name : 'image');
  return apiJSON<ImageUploadResponse>('POST', url, form);
}

/** useUploadImage gives trigger(file) → {imageUrl}. */
export function useUploadImage() {
  return useSWRMutation<ImageUploadResponse, Error, string, File | Blob>(urls.uploadImage, postImage, {
    throwOnError: true,
    revalidate: false,
  });
}
