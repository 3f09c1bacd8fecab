import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/text-field';

/** A device's address on the network, as printers and scales take it: host name or IP, and its raw TCP port. */
export function DeviceAddressFields({
  host,
  port,
  onChange,
}: {
  host: string;
  port: number;
  onChange: (change: { host: string } | { port: number }) => void;
}) {
  const { t } = useTranslation('printers');
  return (
    <>
      <TextField
        label={t('form.host')}
        required
        value={host}
        onChange={(e) => onChange({ host: e.target.value.trim() })}
      />
      <TextField
        label={t('form.port')}
        type="number"
        min={1}
        max={65535}
        value={port}
        onChange={(e) => onChange({ port: Number(e.target.value) })}
      />
    </>
  );
}
