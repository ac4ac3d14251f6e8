import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../retakes/StatusTag';

interface Result {
  Status: string;
  Result: string;
  Plus: number;
  Minus: number;
}

/**
 * A test's result for a trainee: its status in §4's colour (waiting grey, failed red, passed green)
 * and, once an attempt is finished, the best attempt's percent (with the right and wrong counts).
 */
export function ResultTag({ result, counts = false }: { result: Result; counts?: boolean }) {
  const { t } = useTranslation('visitLog');
  return (
    <Flex gap={4} align="center" wrap>
      <StatusTag status={result.Status} />
      {result.Result !== '' && <span>{result.Result} %</span>}
      {counts && result.Result !== '' && (
        <Typography.Text type="secondary" aria-label={t('result.counts', { plus: result.Plus, minus: result.Minus })}>
          (+{result.Plus} / −{result.Minus})
        </Typography.Text>
      )}
    </Flex>
  );
}
