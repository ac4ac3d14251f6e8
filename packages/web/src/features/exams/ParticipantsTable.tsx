import { CheckOutlined, CloseOutlined, UndoOutlined, WarningOutlined } from '@ant-design/icons';
import type { ExamParticipant, ExamVoteValue } from '@oqu/contracts';
import { Button, Card, Flex, Grid, Table, Typography } from 'antd';
import { type HTMLAttributes, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListColumn, useTableDetails } from '../../components/tableDetails';
import { VerdictPill, VotePill } from './VotePill';
import type { VotingState } from './votes';

interface ParticipantsTableProps {
  users: ExamParticipant[];
  /** `vote`: the caller's vote with its buttons; `view`: every examiner's vote and the verdict (the administrator) */
  mode: 'vote' | 'view';
  /** whether the vote buttons work: not before the start, none once the document is signed */
  voting?: VotingState;
  /** a vote given, changed or undone ('') */
  onVote?: (user: ExamParticipant, vote: ExamVoteValue) => void;
}

/** 'P из T', and the mark of a trainee below the pass mark (they can still be voted on). */
function ResultsCell({ user }: { user: ExamParticipant }) {
  const { t } = useTranslation('exams');
  return (
    <Flex vertical gap={2} data-testid={`participant-results-${user.ID}`}>
      <span style={{ whiteSpace: 'nowrap' }}>{t('results.passedOf', { passed: user.Results.Passed, total: user.Results.Total })}</span>
      {user.BelowPassMark && (
        <Typography.Text type="warning" style={{ fontSize: 12 }} data-testid={`participant-below-${user.ID}`}>
          <WarningOutlined aria-hidden /> {t('results.belowPassMark')}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** The caller's vote on one trainee and the buttons that change it: accept, reject, undo (§4). */
function VoteCell({ user, voting, onVote }: { user: ExamParticipant; voting: VotingState; onVote?: ParticipantsTableProps['onVote'] }) {
  const { t } = useTranslation('exams');
  const vote = user.ExamenatorVote;
  const named = { name: user.Fullname };
  const waiting = voting === 'notYet';
  const accept = useRef<HTMLButtonElement>(null);
  return (
    <Flex gap={6} align="center" wrap>
      <VotePill vote={vote} testId={`participant-vote-${user.ID}`} />
      {voting !== 'final' && (
        <Flex gap={4}>
          <Button
            ref={accept}
            size="small"
            type={vote === 'true' ? 'primary' : 'default'}
            icon={<CheckOutlined aria-hidden />}
            aria-label={t('results.acceptOf', named)}
            aria-pressed={vote === 'true'}
            title={t('results.accept')}
            disabled={waiting}
            onClick={() => vote !== 'true' && onVote?.(user, 'true')}
            data-testid={`vote-accept-${user.ID}`}
          />
          <Button
            size="small"
            danger
            type={vote === 'false' ? 'primary' : 'default'}
            icon={<CloseOutlined aria-hidden />}
            aria-label={t('results.rejectOf', named)}
            aria-pressed={vote === 'false'}
            title={t('results.reject')}
            disabled={waiting}
            onClick={() => vote !== 'false' && onVote?.(user, 'false')}
            data-testid={`vote-reject-${user.ID}`}
          />
          <Button
            size="small"
            icon={<UndoOutlined aria-hidden />}
            aria-label={t('results.undoOf', named)}
            title={t('results.undo')}
            disabled={waiting || vote === ''}
            onClick={() => {
              onVote?.(user, '');
              // undone, the undo button is disabled and would drop the focus: the decision starts again at «Принять»
              accept.current?.focus();
            }}
            data-testid={`vote-undo-${user.ID}`}
          />
        </Flex>
      )}
    </Flex>
  );
}

/**
 * A region's trainees (admin-back-office.md §3 Exam result per region): ID, full name, department,
 * position, IIN, personnel number, results and the vote. Secondary columns go into the row's
 * details on narrower screens; on a phone the results join the name.
 */
export function ParticipantsTable({ users, mode, voting = 'final', onVote }: ParticipantsTableProps) {
  const { t } = useTranslation('exams');
  const wide = Grid.useBreakpoint().md ?? false;
  const columns: ListColumn<ExamParticipant>[] = [
    { title: t('results.id'), key: 'id', dataIndex: 'ID', details: true },
    {
      title: t('results.fullname'),
      key: 'fullname',
      render: (_, user) => (
        <Flex vertical gap={2} style={{ minWidth: 120, maxWidth: 260 }}>
          <Typography.Text strong>{user.Fullname}</Typography.Text>
          {!wide && <ResultsCell user={user} />}
        </Flex>
      ),
    },
    { title: t('results.department'), key: 'department', details: true, render: (_, user) => user.Department || '—' },
    { title: t('results.duty'), key: 'duty', details: true, render: (_, user) => user.Duty || '—' },
    { title: t('results.iin'), key: 'iin', dataIndex: 'IIN', details: true },
    { title: t('results.tabel'), key: 'tabel', details: true, render: (_, user) => user.Tabel || '—' },
  ];
  if (wide) columns.push({ title: t('results.results'), key: 'results', render: (_, user) => <ResultsCell user={user} /> });
  if (mode === 'vote') {
    columns.push({
      title: t('results.vote'),
      key: 'vote',
      render: (_, user) => <VoteCell user={user} voting={voting} onVote={onVote} />,
    });
  } else {
    columns.push(
      {
        title: t('results.votes'),
        key: 'votes',
        details: !wide,
        render: (_, user) => (
          <Flex vertical gap={4} data-testid={`participant-votes-${user.ID}`}>
            {user.Votes.map((vote) => (
              <Flex key={vote.ID} gap={6} align="center" wrap>
                <span>{vote.Fullname}:</span>
                <VotePill vote={vote.Vote} />
              </Flex>
            ))}
          </Flex>
        ),
      },
      {
        title: t('results.verdict'),
        key: 'verdict',
        render: (_, user) => <VerdictPill verdict={user.Verdict} testId={`participant-verdict-${user.ID}`} />,
      },
    );
  }
  const layout = useTableDetails(columns, undefined, (user) => user.Fullname);
  return (
    <Card className="oqu-card" styles={{ body: { padding: 0 } }}>
      <Table<ExamParticipant>
        {...layout}
        rowKey="ID"
        className="oqu-list-table"
        size="small"
        dataSource={users}
        locale={{ emptyText: t('results.emptyRegion') }}
        onRow={(user) => ({ 'data-testid': `participant-${user.ID}` }) as HTMLAttributes<HTMLElement>}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
      />
    </Card>
  );
}
