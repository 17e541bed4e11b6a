import { useConfig } from '../../lib/config.ts';

/** A text with {supportPhone} replaced by the configured support number as a tel: link. */
export function PhoneText({ text }: { text: string }) {
  const { supportPhone } = useConfig();
  const [before, after] = text.split('{supportPhone}');
  if (after === undefined) return <>{text}</>;
  return (
    <>
      {before}
      <a href={`tel:${supportPhone.replace(/\s/g, '')}`}>{supportPhone}</a>
      {after}
    </>
  );
}
