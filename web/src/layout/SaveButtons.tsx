// Cancel and a form's submit button, which says "Saving…" while the save runs; both wait for it.
import Button from '@mui/material/Button';

export function SaveButtons({
  saveLabel,
  saving,
  onCancel,
}: {
  saveLabel: string;
  saving: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      <Button onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" variant="contained" disabled={saving}>
        {saving ? 'Saving…' : saveLabel}
      </Button>
    </>
  );
}
