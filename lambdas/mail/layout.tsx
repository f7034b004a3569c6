// The one branded e-mail of the portal, written with React Email's components and rendered at build time
// (`npm run build:mail`) into a Mustache template: the functions fill it in with Mustache (which escapes
// every value) and carry neither React nor React Email, so the mailer stays small. Every e-mail is a list
// of blocks (a heading, a paragraph, a list, a class's details, a button, a note) in this frame: the
// programme's logo and name, a card, the contact, and why the family gets it. The frame's own words and the
// page's `lang` are tags too, filled in the reader's language (mailRender.ts).
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Html,
  Img,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';

const colors = {
  ink: '#1f2933',
  muted: '#52606d',
  brand: '#1d4e89',
  page: '#eef2f6',
  card: '#ffffff',
  line: '#d9e2ec',
};
const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

// Clients that honour the reader's dark mode get these colours; the others invert the light ones, which
// stay readable because no text sits on an image and the logo carries its own background.
const darkMode = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .page { background-color: #111418 !important; }
  .card { background-color: #1b2129 !important; border-color: #334155 !important; }
  .ink { color: #e6edf3 !important; }
  .muted { color: #a7b3c2 !important; }
  .details { background-color: #222a35 !important; border-color: #334155 !important; }
  .link { color: #93b8ff !important; }
  .button { background-color: #3d7bd9 !important; color: #ffffff !important; }
}
[data-ogsc] .ink { color: #e6edf3 !important; }
[data-ogsc] .muted { color: #a7b3c2 !important; }
[data-ogsc] .link { color: #93b8ff !important; }
`;

const text = { color: colors.ink, fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' };
const small = { color: colors.muted, fontSize: '13px', lineHeight: '20px', margin: '0 0 8px' };
const link = { color: colors.brand, textDecoration: 'underline' };

/** Mustache tags, written as text so React leaves them as they are. */
const m = (tag: string) => `{{${tag}}}`;

/** A run of a paragraph or list item: a link, strong text, or plain text. */
function Spans() {
  return (
    <>
      {m('#spans')}
      {m('#href')}
      <Link href={m('href')} className="link" style={link}>
        {m('text')}
      </Link>
      {m('/href')}
      {m('^href')}
      {m('#strong')}
      <strong>{m('text')}</strong>
      {m('/strong')}
      {m('^strong')}
      {m('text')}
      {m('/strong')}
      {m('/href')}
      {m('/spans')}
    </>
  );
}

function Blocks() {
  return (
    <>
      {m('#blocks')}
      {m('#heading')}
      <Heading as="h1" className="ink" style={{ ...text, fontSize: '22px', lineHeight: '30px', fontWeight: 700 }}>
        {m('heading')}
      </Heading>
      {m('/heading')}
      {m('#paragraph')}
      <Text className="ink" style={text}>
        <Spans />
      </Text>
      {m('/paragraph')}
      {m('#list')}
      <ul className="ink" style={{ ...text, paddingLeft: '22px' }}>
        {m('#items')}
        <li style={{ margin: '0 0 6px' }}>
          <Spans />
        </li>
        {m('/items')}
      </ul>
      {m('/list')}
      {m('#details')}
      <Section
        className="details"
        style={{
          backgroundColor: '#f5f8fb',
          border: `1px solid ${colors.line}`,
          borderRadius: '8px',
          padding: '16px 18px 4px',
          margin: '0 0 16px',
        }}
      >
        <Text className="ink" style={{ ...text, fontSize: '18px', fontWeight: 700, margin: '0 0 12px' }}>
          {m('title')}
        </Text>
        {m('#rows')}
        <Text
          className="muted"
          style={{ ...small, margin: '0', textTransform: 'uppercase', letterSpacing: '0.04em', fontWeight: 600 }}
        >
          {m('label')}
        </Text>
        {m('#lines')}
        <Text className="ink" style={{ ...text, margin: '0' }}>
          {m('.')}
        </Text>
        {m('/lines')}
        <Text style={{ margin: '0 0 12px', fontSize: '1px', lineHeight: '1px' }}>&nbsp;</Text>
        {m('/rows')}
      </Section>
      {m('/details')}
      {m('#button')}
      <Section style={{ margin: '8px 0 20px' }}>
        <Button
          href={m('url')}
          className="button"
          style={{
            backgroundColor: colors.brand,
            color: '#ffffff',
            borderRadius: '6px',
            fontSize: '16px',
            fontWeight: 600,
            padding: '12px 20px',
            textDecoration: 'none',
          }}
        >
          {m('label')}
        </Button>
      </Section>
      {m('/button')}
      {m('#note')}
      <Text className="muted" style={small}>
        {m('note')}
      </Text>
      {m('/note')}
      {m('/blocks')}
    </>
  );
}

export function PortalEmail() {
  return (
    <Html lang={m('lang')} dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{m('subject')}</title>
        <style>{darkMode}</style>
      </Head>
      <Preview>{m('preview')}</Preview>
      <Body className="page" style={{ backgroundColor: colors.page, fontFamily: font, margin: 0, padding: '16px 0' }}>
        <Container style={{ maxWidth: '600px', width: '100%', margin: '0 auto', padding: '0 12px' }}>
          <Section style={{ padding: '8px 4px 16px' }}>
            <Img
              src={m('logoUrl')}
              width="44"
              height="44"
              alt=""
              style={{ display: 'inline-block', verticalAlign: 'middle', borderRadius: '22px' }}
            />
            <span
              className="ink"
              style={{
                color: colors.brand,
                fontSize: '18px',
                fontWeight: 700,
                verticalAlign: 'middle',
                marginLeft: '12px',
              }}
            >
              {m('programme')}
            </span>
          </Section>
          <Section
            className="card"
            style={{
              backgroundColor: colors.card,
              border: `1px solid ${colors.line}`,
              borderRadius: '10px',
              padding: '24px 22px 8px',
            }}
          >
            <Blocks />
          </Section>
          <Section style={{ padding: '16px 6px 8px' }}>
            <Text className="muted" style={small}>
              {m('programme')}
              {m('#contactEmail')}
              {m('questions')}
              <Link href={`mailto:${m('contactEmail')}`} className="link" style={link}>
                {m('contactEmail')}
              </Link>
              {m('/contactEmail')}
            </Text>
            {m('#why')}
            <Text className="muted" style={small}>
              {m('why')}
            </Text>
            {m('/why')}
            {m('#preferencesUrl')}
            <Text className="muted" style={small}>
              <Link href={m('preferencesUrl')} className="link" style={link}>
                {m('preferencesLabel')}
              </Link>
            </Text>
            {m('/preferencesUrl')}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
