import { Group, SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localPrefs } from '../../lib/local-prefs';
import { PageHeader } from '../../ui/PageHeader';
import { useAuthStore } from '../auth/store';
import { PipelinePage } from '../pipeline/PipelinePage';
import { BoardFilterBar, useBoardFilters } from './BoardFilterBar';
import { DealBoardView } from './DealBoardView';

type SalesView = 'table' | 'board';
/** Per user: two people sharing a computer each keep their own choice. */
const viewKey = (userId: string | undefined) => `crm-sales-view:${userId ?? 'anonymous'}`;

/** /sales: the deals as the table or as the board, the choice remembered per user. */
export function SalesPage() {
  const { t } = useTranslation('dealBoard');
  const userId = useAuthStore((s) => s.user?._id);
  const [view, setView] = useState<SalesView>(() => (localPrefs.get(viewKey(userId)) === 'board' ? 'board' : 'table'));
  const choose = (next: string) => {
    setView(next as SalesView);
    localPrefs.set(viewKey(userId), next);
  };
  const switcher = (
    <SegmentedControl
      aria-label={t('view.label')}
      value={view}
      onChange={choose}
      data={[
        { value: 'table', label: t('view.table') },
        { value: 'board', label: t('view.board') },
      ]}
    />
  );
  return view === 'table' ? (
    <Stack gap={0}>
      <Group justify="flex-end">{switcher}</Group>
      <PipelinePage />
    </Stack>
  ) : (
    <BoardPage switcher={switcher} />
  );
}

/** The board with the table's filters, kept in the URL. */
function BoardPage({ switcher }: { switcher: React.ReactNode }) {
  const { t } = useTranslation('dealBoard');
  const { filters, update } = useBoardFilters();
  return (
    <>
      <PageHeader title={t('title')} actions={switcher} />
      <BoardFilterBar filters={filters} update={update} />
      <DealBoardView filters={filters} />
    </>
  );
}
