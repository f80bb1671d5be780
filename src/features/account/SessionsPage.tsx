import { Trans } from '@lingui/react/macro';
import { PageHeader } from '../../ui/PageHeader.tsx';

export function SessionsPage() {
  return (
    <PageHeader title={<Trans>Game Sessions</Trans>}>
      <p>
        <Trans>Your game sessions will be listed here.</Trans>
      </p>
    </PageHeader>
  );
}
