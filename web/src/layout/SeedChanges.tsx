// The changes of a lottery's seed, as families and administrators read them: each commitment after the first,
// when it was made and why it replaced the one before (and, for administrators, by whom). The why is the
// administrator's, in English only.
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SeedCommitment } from '@contract/records';
import { useI18n } from '../i18n/common';
import { readerMoment } from '../i18n/readerMoment';
import { rich } from '../i18n/rich';
import { EnglishOnly } from '../i18n/Written';
import { LongCode } from './LongCode';
import { useProgrammeTimeZone } from './RemoteConfig';

export function SeedChanges({ commitments }: { commitments: Array<SeedCommitment & { by?: string }> }) {
  const { t, language } = useI18n();
  const timeZone = useProgrammeTimeZone();
  const when = (iso: string) => readerMoment(language, iso, timeZone);
  if (commitments.length < 2) return null;
  return (
    <Stack component="ul" spacing={0.5} aria-label={t('common.seed.changes')} sx={{ pl: 3, m: 0 }}>
      {commitments.slice(1).map(({ hash, committedAt, reason, by }, index) => (
        <Typography component="li" variant="body2" key={hash}>
          {rich(
            t(by ? 'common.seed.changeBy' : 'common.seed.change', {
              number: index + 2,
              when: when(committedAt),
              by,
              previous: index + 1,
              previousWhen: when(commitments[index]!.committedAt),
              reason,
              hash,
            }),
            [<LongCode>{hash}</LongCode>, <EnglishOnly />],
          )}
        </Typography>
      ))}
    </Stack>
  );
}
