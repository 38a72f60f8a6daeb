import { Camera, ImagePlus, Trash, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useUploadImage } from '@/api/uploads/upload-image';
import { Controller, useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { useFieldError } from '@/components/ui/form';
import { ImageFileInput } from '@/components/ui/image-file-input';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { t } from '@/lib/i18n/i18n';
import { isImageUrl } from '@/lib/urls';
import './image-field.css';

/** The URL field's placeholder, the same in every language. */
const URL_START = 'https://';

/** JPEG quality of a camera capture (spec 01 §9). */
export const CAMERA_JPEG_QUALITY = 0.9;

const cameraError = () => ({ title: t('shared.image.cameraError'), description: t('shared.image.cameraErrorText'), variant: 'destructive' }) as const;

const uploadFailed = () => ({ title: t('shared.image.uploadFailed'), description: t('shared.image.uploadFailedText'), variant: 'destructive' }) as const;

/**
 * ImageField: an image URL filled by uploading a file (POST /api/upload/image), taking a
 * photo with the camera, or pasting a link. States (spec 01 §4): empty, uploading,
 * preview, clearable; the camera flow opens the camera, takes a JPEG, stops the camera
 * and uploads.
 */
export function ImageField({
  value,
  onChange,
  error,
  label,
  emptyText,
  onBusyChange,
}: {
  value: string;
  onChange: (url: string) => void;
  error?: string;
  label?: string;
  /** What the empty preview says. */
  emptyText?: string;
  /** Told while an upload or the camera is in progress (forms wait for it). */
  onBusyChange?: (busy: boolean) => void;
}) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [cameraOn, setCameraOn] = useState(false);
  const [broken, setBroken] = useState(false);
  const { trigger, isMutating } = useUploadImage();
  const { toast } = useToast();

  const stopCamera = () => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    setCameraOn(false);
  };

  // Release the camera when the field goes away (dialog closed).
  useEffect(() => () => streamRef.current?.getTracks().forEach((track) => track.stop()), []);

  useEffect(() => {
    onBusyChange?.(isMutating || cameraOn);
  }, [isMutating, cameraOn, onBusyChange]);

  useEffect(() => setBroken(false), [value]);

  useEffect(() => {
    if (cameraOn && videoRef.current && streamRef.current) {
      videoRef.current.srcObject = streamRef.current;
      void videoRef.current.play?.().catch(() => {});
    }
  }, [cameraOn]);

  const upload = async (file: File) => {
    try {
      const { imageUrl } = await trigger(file);
      onChange(imageUrl);
      toast({ title: t('shared.image.uploaded'), variant: 'success' });
    } catch {
      toast(uploadFailed());
    }
  };

  const openCamera = async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      toast(cameraError());
      return;
    }
    try {
      streamRef.current = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment' },
        audio: false,
      });
      setCameraOn(true);
    } catch {
      toast(cameraError());
    }
  };

  const takePhoto = () => {
    const video = videoRef.current;
    if (!video) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth || 1280;
    canvas.height = video.videoHeight || 720;
    const context = canvas.getContext('2d');
    if (!context) {
      stopCamera();
      toast(cameraError());
      return;
    }
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      (blob) => {
        stopCamera();
        if (!blob) {
          toast(cameraError());
          return;
        }
        void upload(new File([blob], `camera-capture-${Date.now()}.jpg`, { type: 'image/jpeg' }));
      },
      'image/jpeg',
      CAMERA_JPEG_QUALITY,
    );
  };

  const uploaded = value.startsWith('/api/images/');
  const showPreview = isImageUrl(value) && !broken;

  return (
    <div className={['field', 'image-field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <span className="field__label" id={`${id}-label`}>
        {label ?? t('shared.image.label')}
      </span>

      {cameraOn ? (
        <div className="image-field__camera">
          <video ref={videoRef} className="image-field__video" autoPlay playsInline muted aria-label={t('shared.image.cameraPreview')} />
          <div className="image-field__actions">
            <Button icon={<Camera size={18} aria-hidden="true" />} onClick={takePhoto}>
              {t('shared.image.takePhoto')}
            </Button>
            <Button variant="outline" onClick={stopCamera}>
              {t('common.cancel')}
            </Button>
          </div>
        </div>
      ) : isMutating ? (
        <div className="image-field__uploading" role="status">
          <Spinner size={22} />
          <span>{t('shared.image.uploading')}</span>
        </div>
      ) : showPreview ? (
        <div className="image-field__preview">
          <img src={value} alt={t('shared.image.preview')} onError={() => setBroken(true)} />
          <Button
            variant="outline"
            size="sm"
            icon={<Trash size={16} aria-hidden="true" />}
            onClick={() => onChange('')}
          >
            {t('shared.image.remove')}
          </Button>
        </div>
      ) : (
        <div className="image-field__empty">
          <ImagePlus size={28} aria-hidden="true" />
          <span>{emptyText ?? t('shared.image.empty')}</span>
        </div>
      )}

      {!cameraOn ? (
        <div className="image-field__actions">
          <Button
            variant="outline"
            size="sm"
            icon={<Upload size={16} aria-hidden="true" />}
            disabled={isMutating}
            onClick={() => fileRef.current?.click()}
          >
            {value ? t('shared.image.replace') : t('shared.image.upload')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            icon={<Camera size={16} aria-hidden="true" />}
            disabled={isMutating}
            onClick={() => void openCamera()}
          >
            {t('shared.image.useCamera')}
          </Button>
          <ImageFileInput ref={fileRef} label={t('shared.image.uploadFile')} onFile={(file) => void upload(file)} />
        </div>
      ) : null}

      {!uploaded && !cameraOn ? (
        <div className="image-field__url">
          <label className="field__hint" htmlFor={`${id}-url`}>
            {t('shared.image.pasteUrl')}
          </label>
          <Input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            placeholder={URL_START}
            value={value}
            invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** FormImageField is ImageField bound to a field of the surrounding Form (components/ui/form). */
export function FormImageField({
  name,
  ...props
}: { name: string } & Omit<Parameters<typeof ImageField>[0], 'value' | 'onChange' | 'error'>) {
  const { control } = useFormContext();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <ImageField
          {...props}
          value={typeof field.value === 'string' ? field.value : ''}
          error={error}
          onChange={(url) => {
            field.onChange(url);
            field.onBlur();
          }}
        />
      )}
    />
  );
}
