import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCameraScan } from '../../hooks/camera-scan';
import { Button } from '../../ui/button';
import styles from './mobile.module.css';

/** The camera's picture while it reads labels, with the torch switch where the camera has one. */
export function CameraScanner({ onCode }: { onCode: (text: string) => void }) {
  const { t } = useTranslation('mobile');
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [torchOn, setTorchOn] = useState(false);
  const camera = useCameraScan(video, onCode);
  return (
    <div className={styles.actions}>
      {/* the picture has no sound and nothing to caption: it only aims the camera */}
      <video ref={setVideo} className={styles.video} muted playsInline aria-label={t('camera.picture')} />
      {camera.name === 'opening' && <p className={styles.hint}>{t('camera.opening')}</p>}
      {camera.name === 'open' && <p className={styles.hint}>{t('camera.aim')}</p>}
      {camera.name === 'failed' && (
        <p className={styles.alert} role="alert">
          {camera.denied ? t('camera.denied') : t('camera.unavailable')}
        </p>
      )}
      {camera.name === 'open' && camera.torch && (
        <Button
          aria-pressed={torchOn}
          onClick={() => {
            const next = !torchOn;
            void camera.torch?.(next).then(() => setTorchOn(next));
          }}
        >
          {torchOn ? t('camera.torchOff') : t('camera.torchOn')}
        </Button>
      )}
    </div>
  );
}
