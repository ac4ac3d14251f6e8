import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from './ButtonLink';
import { FormError } from './FormError';

interface FormFooterProps {
  /** Save (editing) or Create */
  editing: boolean;
  pending: boolean;
  /** where Cancel goes */
  cancelTo: string;
  /** the server's refusal of the last submit */
  error: string | null;
}

/** The end of a create-or-edit form: submit, a Cancel link (both disabled with the form), the refusal. */
export function FormFooter({ editing, pending, cancelTo, error }: FormFooterProps) {
  const { t } = useTranslation();
  return (
    <>
      <Flex gap={8} wrap>
        <Button type="primary" htmlType="submit" loading={pending}>
          {editing ? t('actions.save') : t('actions.create')}
        </Button>
        <ButtonLink to={cancelTo}>{t('actions.cancel')}</ButtonLink>
      </Flex>
      <FormError error={error} />
    </>
  );
}
