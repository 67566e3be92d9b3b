/**
 * "Download data": everything stored about the person as one JSON file, the same document the
 * applicant downloads on My application, for requests that arrive by e-mail.
 */
import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { type PersonKind } from '@mentorship/domain';
import { exportPerson } from '../api/export-person';
import { saveFile } from '../../../lib/save-file';
import { showFailure } from '../api/error-toast';

export function DownloadData({ kind, id }: { kind: PersonKind; id: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="sm"
      variant="outline"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const data = await exportPerson(kind, id);
          saveFile(
            new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
            `${kind}-${id}-data.json`,
          );
        } catch (error) {
          showFailure({ title: 'Download failed', description: 'Try again.' }, error);
        } finally {
          setBusy(false);
        }
      }}
    >
      Download data
    </Button>
  );
}
