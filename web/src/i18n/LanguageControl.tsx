import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { chooseLanguage, useI18n } from './i18n';
import { LANGUAGES, type Language } from './languages';

/**
 * The header's language control: one button per language, named in that language ("English", "Español") and
 * marked with its `lang`, so a family finds its own without reading another; the chosen one is pressed. A button's
 * accessible name is its visible text (WCAG 2.5.3). Compact (phones): only the languages to switch to, so the header
 * fits 320px.
 */
export function LanguageControl({ compact }: { compact: boolean }) {
  const { language, t } = useI18n();
  const shown = (Object.keys(LANGUAGES) as Language[]).filter((option) => !compact || option !== language);
  return (
    <Box role="group" aria-label={t('language.control')} sx={{ display: 'flex', flexShrink: 0 }}>
      {shown.map((option) => (
        <Button
          key={option}
          lang={option}
          color="inherit"
          size="small"
          aria-pressed={option === language}
          onClick={() => void chooseLanguage(option)}
          sx={{
            minWidth: 0,
            textTransform: 'none',
            fontWeight: option === language ? 700 : 400,
            textDecoration: option === language ? 'underline' : 'none',
          }}
        >
          {LANGUAGES[option]}
        </Button>
      ))}
    </Box>
  );
}
