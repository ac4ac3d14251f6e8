import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { type AnswerLetter, type Question, REQUIRED_VARIANTS } from '@oqu/contracts';
import { Alert, App, Button, Card, Flex, Form, Input, InputNumber, Progress, Radio, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ButtonLink';
import { PageTitle } from '../../../components/PageTitle';
import { createQuestion, updateQuestion, uploadQuestionImage, useInvalidateCatalogue, useQuestion } from '../../../features/tests/api';
import { type PhotoChoice, QuestionPhotoField } from '../../../features/tests/components/QuestionPhotoField';
import { TestPicker } from '../../../features/tests/components/TestPicker';
import { readListParams } from '../../../features/tests/listParams';
import { questionsScreen } from '../../../features/tests/paths';
import {
  MAX_VARIANTS,
  offeredAnswers,
  type QuestionValues,
  questionInitialValues,
  questionRequestBody,
  shownLetters,
  variantKey,
  visibleVariantCount,
} from '../../../features/tests/variants';
import { errorMessage } from '../../../features/users/api';
import { showFieldErrors } from '../../../features/users/rules';

const FIELD_NAMES = [
  'TestID',
  'QuestionText',
  'Position',
  'VariantA',
  'VariantB',
  'VariantC',
  'VariantD',
  'VariantE',
  'VariantF',
  'CorrectAnswer',
] as const;

/** Sent along when a new question's photo failed and the edit page takes over. */
interface PhotoFailedState {
  photoFailed?: string;
}

/** /admin/create-question and /admin/edit-question/{id} (admin-back-office.md §2 Questions). */
export default function QuestionFormPage() {
  const { t } = useTranslation('tests');
  const { id } = useParams();
  const [params] = useSearchParams();
  const presetTest = readListParams(params).test;
  if (id === undefined) return <QuestionForm presetTest={presetTest} />;
  const numeric = Number(id);
  if (!Number.isInteger(numeric) || numeric <= 0) {
    return (
      <Frame title={t('questions.editTitle')} back={questionsScreen(presetTest)}>
        <Alert type="error" showIcon title={t('errors.notFound')} />
      </Frame>
    );
  }
  return <EditQuestion id={numeric} />;
}

function Frame({ title, back, children }: { title: string; back: string; children: ReactNode }) {
  const { t } = useTranslation('tests');
  return (
    <Flex vertical gap={16} style={{ maxWidth: 820 }}>
      <PageTitle extra={<ButtonLink to={back}>{t('actions.back')}</ButtonLink>}>{title}</PageTitle>
      <Card>{children}</Card>
    </Flex>
  );
}

function EditQuestion({ id }: { id: number }) {
  const { t } = useTranslation('tests');
  const question = useQuestion(id);
  if (question.isPending) {
    return (
      <Frame title={t('questions.editTitle')} back={questionsScreen()}>
        <Skeleton active />
      </Frame>
    );
  }
  if (question.isError) {
    return (
      <Frame title={t('questions.editTitle')} back={questionsScreen()}>
        <Alert
          type="error"
          showIcon
          title={errorMessage(question.error, t('errors.load'))}
          action={
            <Button size="small" onClick={() => question.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        />
      </Frame>
    );
  }
  // keyed by id so that another question starts from its own values
  return <QuestionForm key={question.data.ID} question={question.data} />;
}

type Stage = 'idle' | 'saving' | 'photo';

function QuestionForm({ question, presetTest }: { question?: Question; presetTest?: number }) {
  const { t } = useTranslation('tests');
  const { message: toast } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const invalidate = useInvalidateCatalogue();
  const [form] = Form.useForm<QuestionValues>();
  const [initialValues] = useState(() => questionInitialValues(question, presetTest));
  const [shown, setShown] = useState(() => visibleVariantCount(initialValues));
  const [photo, setPhoto] = useState<PhotoChoice>({ file: null, remove: false });
  const [stage, setStage] = useState<Stage>('idle');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [photoWarning, setPhotoWarning] = useState<string | null>(() => (location.state as PhotoFailedState | null)?.photoFailed ?? null);

  const values = Form.useWatch([], form) as QuestionValues | undefined;
  const offered = offeredAnswers(values ?? initialValues, shown);
  const letters = shownLetters(shown);
  const busy = stage !== 'idle';
  const backPath = questionsScreen(question?.TestID ?? presetTest);

  function addVariant() {
    setShown((count) => Math.min(MAX_VARIANTS, count + 1));
  }

  function removeLastVariant() {
    const letter = letters[letters.length - 1];
    form.setFieldValue(variantKey(letter), '');
    setShown((count) => Math.max(REQUIRED_VARIANTS, count - 1));
    // the correct answer may have named the removed variant: say so at once
    if (form.getFieldValue('CorrectAnswer') === letter) void form.validateFields(['CorrectAnswer']).catch(() => undefined);
  }

  async function sendPhoto(questionId: number, file: File) {
    setStage('photo');
    setProgress(0);
    await uploadQuestionImage(questionId, file, setProgress);
  }

  async function onFinish(raw: QuestionValues) {
    setError(null);
    setPhotoWarning(null);
    setStage('saving');
    const body = questionRequestBody(raw, shown, Boolean(question?.Image) && photo.remove && !photo.file);
    let savedId: number | null = null;
    try {
      savedId = question ? ((await updateQuestion(question.ID, body)).data?.ID ?? question.ID) : (await createQuestion(body)).data.ID;
    } catch (failure) {
      setStage('idle');
      setError(errorMessage(failure, t('errors.network')));
      showFieldErrors(form, failure, FIELD_NAMES);
      return;
    }

    const moved = question !== undefined && savedId !== question.ID;
    if (photo.file) {
      try {
        await sendPhoto(savedId, photo.file);
      } catch (failure) {
        await invalidate();
        setStage('idle');
        const text = t('photo.failed', { message: errorMessage(failure, t('errors.network')) });
        if (savedId === question?.ID) {
          // the question is saved; the chosen photo stays here to try again
          setPhotoWarning(text);
        } else {
          navigate(`/admin/edit-question/${savedId}`, { replace: !question, state: { photoFailed: text } satisfies PhotoFailedState });
        }
        return;
      }
    }
    await invalidate();
    setStage('idle');
    if (moved) toast.info(t('questions.movedCopy'), 8);
    else toast.success(question ? t('questions.saved') : t('questions.created'));
    navigate(questionsScreen(body.TestID));
  }

  const title = question ? t('questions.editTitle') : t('questions.createTitle');
  return (
    <Frame title={title} back={backPath}>
      {photoWarning && (
        <Alert type="warning" showIcon closable={{ 'aria-label': t('actions.close') }} style={{ marginBottom: 16 }} title={photoWarning} />
      )}
      <Form<QuestionValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(v) => void onFinish(v)}
        onFinishFailed={() => setError(null)}
        requiredMark="optional"
        disabled={busy}
        scrollToFirstError
      >
        <Form.Item name="TestID" label={t('fields.test')} rules={[{ required: true, message: t('validation.test') }]}>
          <TestPicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="QuestionText"
          label={t('fields.questionText')}
          rules={[{ required: true, whitespace: true, message: t('validation.questionText') }]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={5000} />
        </Form.Item>
        <Form.Item label={t('fields.photo')} htmlFor="question-photo" required={false}>
          <QuestionPhotoField id="question-photo" current={question?.Image ?? null} value={photo} onChange={setPhoto} disabled={busy} />
        </Form.Item>
        <Form.Item
          name="Position"
          label={t('fields.position')}
          extra={t('form.questionPositionHint')}
          rules={[{ type: 'integer', min: 0, message: t('validation.position') }]}
        >
          <InputNumber min={0} precision={0} style={{ width: 180 }} />
        </Form.Item>

        <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <legend style={{ fontSize: 16, fontWeight: 600, marginBottom: 8 }}>{t('questions.variants')}</legend>
          {letters.map((letter, index) => {
            const optional = index >= REQUIRED_VARIANTS;
            const last = index === letters.length - 1;
            return (
              <Flex key={letter} gap={8} align="start">
                <Form.Item
                  name={variantKey(letter)}
                  label={t('fields.variant', { letter })}
                  style={{ flex: 1 }}
                  required={!optional}
                  rules={optional ? [] : [{ required: true, whitespace: true, message: t('validation.variant', { letter }) }]}
                >
                  <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={2000} />
                </Form.Item>
                {optional && last && (
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined aria-hidden />}
                    aria-label={t('questions.removeVariant', { letter })}
                    title={t('questions.removeVariant', { letter })}
                    onClick={removeLastVariant}
                    style={{ marginTop: 30 }}
                  />
                )}
              </Flex>
            );
          })}
          {shown < MAX_VARIANTS && (
            <Button type="dashed" icon={<PlusOutlined aria-hidden />} onClick={addVariant} style={{ marginBottom: 16 }}>
              {t('questions.addVariant', { letter: shownLetters(shown + 1)[shown] })}
            </Button>
          )}
        </fieldset>

        <Form.Item
          name="CorrectAnswer"
          label={t('fields.correctAnswer')}
          required
          extra={t('form.correctAnswerHint')}
          dependencies={letters.map(variantKey)}
          rules={[
            {
              validator: async (_, value: AnswerLetter | undefined) => {
                if (!value || !offeredAnswers(form.getFieldsValue(true) as QuestionValues, shown).includes(value))
                  throw new Error(t('validation.correctAnswer'));
              },
            },
          ]}
        >
          <Radio.Group
            aria-label={t('fields.correctAnswer')}
            options={letters.map((letter) => ({ value: letter, label: letter, disabled: !offered.includes(letter) }))}
            optionType="button"
            buttonStyle="solid"
          />
        </Form.Item>

        {stage === 'photo' && (
          <Form.Item label={t('photo.uploading')}>
            <Progress percent={progress} aria-label={t('photo.uploading')} status="active" />
          </Form.Item>
        )}
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" loading={busy}>
            {question ? t('actions.save') : t('actions.create')}
          </Button>
          <ButtonLink to={backPath} disabled={false}>
            {t('actions.cancel')}
          </ButtonLink>
        </Flex>
        {error && (
          <Typography.Paragraph type="danger" role="alert" style={{ marginTop: 12, marginBottom: 0 }}>
            {error}
          </Typography.Paragraph>
        )}
      </Form>
    </Frame>
  );
}
