import { useTranslation } from 'react-i18next';
import Button from '../kit/Button';
import Snackbar from '../kit/Snackbar';

/** One snackbar message with its dismiss button (SPEC §8: 3 s by default). */
export default function SnackbarView({
  text,
  durationMs,
  onClose,
}: {
  text: string;
  durationMs: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Snackbar
      open
      autoHideDuration={durationMs}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      message={text}
      action={
        <Button color="inherit" size="small" onClick={onClose}>
          {t('app.dismiss')}
        </Button>
      }
    />
  );
}
