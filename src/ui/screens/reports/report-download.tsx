import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { UI_REQUEST_HEADER } from '../../apollo';
import { DownloadIcon } from '../../components/icons';
import { notifyFailure } from '../../components/notify';

// The order exports (docs/reports.md "Exports") of the range shown, as CSV files. The hub streams them from
// GET /v1/…/exports/…, which the session cookie authorizes for the hub's own pages; the browser keeps the file
// and saves it under the name the hub gives.

const KINDS = [
  { path: 'orders', label: 'Download orders (CSV)' },
  { path: 'order-lines', label: 'Download order lines (CSV)' },
] as const;

async function download(url: string): Promise<void> {
  const res = await fetch(url, { credentials: 'same-origin', headers: { [UI_REQUEST_HEADER]: '1' } });
  if (!res.ok) {
    const problem = (await res.json().catch(() => null)) as { detail?: string } | null;
    throw new Error(problem?.detail ?? `The export failed (HTTP ${res.status})`);
  }
  const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'orders.csv';
  const href = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.click();
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Download buttons for `base` (…/exports) over from–to; disabled while the range is not one. */
export function ReportDownloads({
  base,
  from,
  to,
  disabled,
}: {
  base: string;
  from: string;
  to: string;
  disabled: boolean;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  return (
    <Group gap="xs">
      {KINDS.map((kind) => (
        <Button
          key={kind.path}
          variant="default"
          leftSection={<DownloadIcon />}
          loading={busy === kind.path}
          disabled={disabled || (busy !== null && busy !== kind.path)}
          onClick={async () => {
            setBusy(kind.path);
            try {
              await download(`${base}/${kind.path}?from=${from}&to=${to}`);
            } catch (error) {
              notifyFailure(error);
            } finally {
              setBusy(null);
            }
          }}
        >
          {kind.label}
        </Button>
      ))}
    </Group>
  );
}
