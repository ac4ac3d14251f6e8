import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { type AnswerLetter, type Question, REQUIRED_VARIANTS } from '@oqu/contracts';
import { Alert, App, Button, Flex, Input, InputNumber, Progress, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Form } from '../../../components/Form';
import { FormFooter } from '../../../components/FormFooter';
import { FormFrame } from '../../../components/FormFrame';
import { RecordRoute } from '../../../components/RecordRoute';
import { createQuestion, updateQuestion, uploadQuestionImage, useInvalidateCatalogue, useQuestion } from '../../../features/tests/api';
import { type PhotoChoice, QuestionPhotoField } from '../../../features/tests/components/QuestionPhotoField';
import { TestPicker } from '../../../features/tests/components/TestPicker';
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
import { errorMessage } from '../../../lib/api';
import { readListParams } from '../../../lib/listParams';
import { useSaved } from '../../../lib/saved';
import { useFormSubmit } from '../../../lib/useFormSubmit';

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

const MAX_WIDTH = 820;

/** /admin/create-question and /admin/edit-question/{id} (admin-back-office.md §2 Questions). */
export default function QuestionFormPage() {
  const { t } = useTranslation('tests');
  const [params] = useSearchParams();
  const presetTest = readListParams(params, ['test'] as const).test;
  return (
    <RecordRoute
      useRecord={useQuestion}
      frame={{ title: t('questions.editTitle'), backTo: questionsScreen(presetTest), backLabel: t('form.backToList'), maxWidth: MAX_WIDTH }}
    >
      {(question) => <QuestionForm question={question} presetTest={presetTest} />}
    </RecordRoute>
  );
}

function QuestionForm({ question, presetTest }: { question?: Question; presetTest?: number }) {
  const { t } = useTranslation('tests');
  const { message: toast } = App.useApp();
  const navigate = useNavigate();
  const saved = useSaved();
  const location = useLocation();
  const invalidate = useInvalidateCatalogue();
  const [form] = Form.useForm<QuestionValues>();
  const [initialValues] = useState(() => questionInitialValues(question, presetTest));
  const [shown, setShown] = useState(() => visibleVariantCount(initialValues));
  const submit = useFormSubmit(form, FIELD_NAMES);
  const [photo, setPhoto] = useState<PhotoChoice>({ file: null, remove: false });
  /** the photo's upload, 0–100, while it is sent */
  const [progress, setProgress] = useState<number | null>(null);
  const [photoWarning, setPhotoWarning] = useState<string | null>(() => (location.state as PhotoFailedState | null)?.photoFailed ?? null);

  const values = Form.useWatch([], form) as QuestionValues | undefined;
  const offered = offeredAnswers(values ?? initialValues, shown);
  const letters = shownLetters(shown);
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

  async function onFinish(raw: QuestionValues) {
    setPhotoWarning(null);
    const body = questionRequestBody(raw, shown, Boolean(question?.Image) && photo.remove && !photo.file);
    await submit.run(async () => {
      const savedId = question ? ((await updateQuestion(question.ID, body)).data?.ID ?? question.ID) : (await createQuestion(body)).data.ID;
      if (photo.file) {
        try {
          setProgress(0);
          await uploadQuestionImage(savedId, photo.file, setProgress);
        } catch (failure) {
          await invalidate();
          const text = t('photo.failed', { message: errorMessage(failure, t('common:errors.network')) });
          if (savedId === question?.ID) {
            // the question is saved; the chosen photo stays here to try again
            setPhotoWarning(text);
          } else {
            navigate(`/admin/edit-question/${savedId}`, { replace: !question, state: { photoFailed: text } satisfies PhotoFailedState });
          }
          return;
        } finally {
          setProgress(null);
        }
      }
      await invalidate();
      // a question with answers that moved to another test was saved as a copy
      if (question && savedId !== question.ID) {
        toast.info(t('questions.movedCopy'), 8);
        navigate(questionsScreen(body.TestID), { state: { savedId } });
      } else saved(question ? t('questions.saved') : t('questions.created'), questionsScreen(body.TestID), savedId);
    });
  }

  const title = question ? t('questions.editTitle') : t('questions.createTitle');
  return (
    <FormFrame title={title} backTo={backPath} backLabel={t('form.backToList')} maxWidth={MAX_WIDTH}>
      {photoWarning && (
        <Alert
          type="warning"
          showIcon
          closable={{ 'aria-label': t('common:actions.close') }}
          style={{ marginBottom: 16 }}
          title={photoWarning}
        />
      )}
      <Form<QuestionValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(v) => void onFinish(v)}
        onFinishFailed={() => submit.setError(null)}
        requiredMark="optional"
        disabled={submit.pending}
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
          <QuestionPhotoField
            id="question-photo"
            current={question?.Image ?? null}
            value={photo}
            onChange={setPhoto}
            disabled={submit.pending}
          />
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

        {progress !== null && (
          <Form.Item label={t('photo.uploading')}>
            <Progress percent={progress} aria-label={t('photo.uploading')} status="active" />
          </Form.Item>
        )}
        <FormFooter editing={question !== undefined} pending={submit.pending} cancelTo={backPath} error={submit.error} />
      </Form>
    </FormFrame>
  );
}
