// Cancel and a form's submit button, which says "Saving…" while the save runs; both wait for it.
import Button from '@mui/material/Button';
import { useI18n } from '../i18n/common';

export function SaveButtons({
  saveLabel,
  saving,
  onCancel,
}: {
  saveLabel: string;
  saving: boolean;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  return (
    <>
      <Button onClick={onCancel} disabled={saving}>
        {t('common.save.cancel')}
      </Button>
      <Button type="submit" variant="contained" disabled={saving}>
        {saving ? t('common.save.saving') : saveLabel}
      </Button>
    </>
  );
}
