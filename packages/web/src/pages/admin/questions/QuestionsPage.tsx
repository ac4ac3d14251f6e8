import { FileExcelOutlined } from '@ant-design/icons';
import type { Question } from '@oqu/contracts';
import { App, Button, Flex, Image, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeleteAction } from '../../../components/DeleteAction';
import { EditLink } from '../../../components/EditLink';
import { ListHeader } from '../../../components/ListHeader';
import { PagedTable } from '../../../components/PagedTable';
import { SearchBox } from '../../../components/SearchBox';
import type { ListColumn } from '../../../components/tableDetails';
import { useDeleteQuestion, useQuestions } from '../../../features/tests/api';
import { Clipped } from '../../../features/tests/components/Clipped';
import { ImportQuestionsModal } from '../../../features/tests/components/ImportQuestionsModal';
import { PlanTopicFilter } from '../../../features/tests/components/PlanTopicFilter';
import { TestPicker } from '../../../features/tests/components/TestPicker';
import { questionsScreen } from '../../../features/tests/paths';
import { variantKey } from '../../../features/tests/variants';
import { errorMessage } from '../../../lib/api';
import { useListParams } from '../../../lib/useListParams';

const FILTERS = ['plan', 'topic', 'test'] as const;

/**
 * /admin/questions (admin-back-office.md §2 Catalogue): questions paged by the server, filtered by
 * plan, topic and test and searched by text; page, filters and search live in the URL. Questions
 * are added one by one or imported from an .xlsx sheet.
 */
export default function QuestionsPage() {
  const { t } = useTranslation('tests');
  const { message: toast } = App.useApp();
  const { page, plan, topic, test, search, update, setPage, setSearch } = useListParams(FILTERS);
  const list = useQuestions({ page, plan, topic, test, search: search || undefined });
  const remove = useDeleteQuestion();
  const [importing, setImporting] = useState(false);

  async function drop(question: Question) {
    try {
      const answer = await remove.mutateAsync(question.ID);
      if (answer.archived) toast.info(t('questions.archived'), 8);
      else toast.success(answer.message || t('questions.deleted'));
    } catch (error) {
      toast.error(errorMessage(error, t('common:errors.network')));
    }
  }

  const short = (value: string) => (value.length > 60 ? `${value.slice(0, 60)}…` : value);

  const columns: ListColumn<Question>[] = [
    { title: t('fields.positionShort'), dataIndex: 'Position', key: 'position', align: 'right', width: 70, details: 'narrow' },
    {
      title: t('fields.questionText'),
      key: 'text',
      render: (_, question) => (
        <Flex gap={12} align="start">
          {question.Image && (
            <Image
              src={question.Image.Path}
              alt={t('questions.photoOf', { text: short(question.QuestionText || question.Question) })}
              width={48}
              height={48}
              style={{ objectFit: 'cover', borderRadius: 4 }}
            />
          )}
          <Typography.Paragraph ellipsis={{ rows: 3, tooltip: question.QuestionText }} style={{ margin: 0, maxWidth: 360, minWidth: 160 }}>
            {question.QuestionText || question.Question}
          </Typography.Paragraph>
        </Flex>
      ),
    },
    {
      title: t('questions.testAndPlan'),
      key: 'test',
      details: 'narrow',
      render: (_, question) => (
        <Flex vertical gap={2}>
          {test === question.TestID ? (
            <Clipped text={question.Test} width={240} />
          ) : (
            <Link to={questionsScreen(question.TestID)} title={t('questions.filterByTest')}>
              <Clipped text={question.Test} width={240} />
            </Link>
          )}
          <Clipped text={question.Plan} width={240} rows={1} secondary />
        </Flex>
      ),
    },
    {
      title: t('fields.correctAnswer'),
      key: 'correct',
      details: true,
      render: (_, question) => (
        <Flex gap={6} align="start">
          <Tag color="green" style={{ marginInlineEnd: 0 }}>
            {question.CorrectAnswer}
          </Tag>
          <Clipped text={question[variantKey(question.CorrectAnswer)]} width={160} />
        </Flex>
      ),
    },
    {
      title: t('list.actions'),
      key: 'actions',
      render: (_, question) => (
        <Flex gap={8} wrap>
          <EditLink
            to={`/admin/edit-question/${question.ID}`}
            label={t('questions.editOf', { text: short(question.QuestionText || question.Question) })}
          />
          <DeleteAction
            title={t('questions.confirmDelete')}
            description={t('questions.confirmDeleteHint')}
            label={t('questions.deleteOf', { text: short(question.QuestionText || question.Question) })}
            onConfirm={() => drop(question)}
          />
        </Flex>
      ),
    },
  ];

  const filtered = Boolean(plan || topic || test || search);
  const createPath = test ? `/admin/create-question?test=${test}` : '/admin/create-question';
  return (
    <Flex vertical gap={16}>
      <ListHeader
        title={t('questions.title')}
        add={{ to: createPath, label: t('questions.add') }}
        extra={
          <Button icon={<FileExcelOutlined aria-hidden />} onClick={() => setImporting(true)}>
            {t('import.open')}
          </Button>
        }
        searchLabel={t('filters.label')}
        total={list.data && t('questions.total', { count: list.data.total })}
      >
        <PlanTopicFilter plan={plan} topic={topic} onChange={update} />
        <TestPicker
          aria-label={t('fields.test')}
          placeholder={t('filters.allTests')}
          plan={plan}
          topic={topic}
          allowClear
          style={{ width: 280 }}
          value={test}
          onChange={(value) => update({ test: value ?? null })}
        />
        <SearchBox
          value={search}
          onSearch={setSearch}
          label={t('questions.search')}
          placeholder={t('questions.searchPlaceholder')}
          maxWidth={300}
        />
      </ListHeader>
      <PagedTable<Question>
        list={list}
        columns={columns}
        page={page}
        setPage={setPage}
        emptyText={t(filtered ? 'questions.emptyFiltered' : 'questions.empty')}
        rowTestId="question-row"
        size="middle"
        rowLabel={(question) => short(question.QuestionText || question.Question)}
      />
      <ImportQuestionsModal
        open={importing}
        onClose={() => setImporting(false)}
        testId={test}
        onImported={(testId) => {
          // show the test that received the questions
          if (testId !== test) update({ plan: null, topic: null, search: '', test: testId });
        }}
      />
    </Flex>
  );
}
