import { UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { ChosenFile } from './ChosenFile';

/** What every form's file field takes from its form. */
export interface FilePickerProps {
  /** id of the file input, for the label's htmlFor */
  id: string;
  value: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
  /** extra id for aria-describedby (the hint) */
  describedBy?: string;
}

/** What one kind of file field is: the types it offers, its check, its texts and icon. */
export interface FileKind {
  accept: string;
  /** why the file is refused, in the interface language; null when it may be sent */
  problemOf: (file: File) => string | null;
  chooseLabel: string;
  chooseOtherLabel: string;
  removeLabel: (name: string) => string;
  icon: ReactNode;
  /** test id of the chosen file's line */
  testId: string;
  /** test id of the upload control */
  uploadTestId?: string;
  maxWidth?: number;
  /** above the button: the file stored already (an edit form's) */
  current?: ReactNode;
  /** below the chosen file: the upload's progress */
  children?: ReactNode;
}

/**
 * Chooses one file (only the first of several is used). The file is checked at once; a refused one
 * is said by name and not kept, so it is never sent. The server checks the content again.
 */
export function FilePicker({ id, value, onChange, disabled, describedBy, ...kind }: FilePickerProps & FileKind) {
  const [problem, setProblem] = useState<string | null>(null);

  function accept(file: File, batch: File[]) {
    if (file !== batch[0]) return Upload.LIST_IGNORE;
    const refused = kind.problemOf(file);
    setProblem(refused && `${file.name}: ${refused}`);
    if (!refused) onChange(file);
    return Upload.LIST_IGNORE;
  }

  return (
    <Flex vertical gap={8} align="flex-start">
      {kind.current}
      <Upload
        id={id}
        accept={kind.accept}
        maxCount={1}
        showUploadList={false}
        beforeUpload={accept}
        disabled={disabled}
        data-testid={kind.uploadTestId}
      >
        <Button icon={<UploadOutlined aria-hidden />} disabled={disabled} aria-describedby={describedBy}>
          {value ? kind.chooseOtherLabel : kind.chooseLabel}
        </Button>
      </Upload>
      {value && (
        <ChosenFile
          file={value}
          icon={kind.icon}
          removeLabel={kind.removeLabel(value.name)}
          onRemove={() => onChange(null)}
          disabled={disabled}
          testId={kind.testId}
          maxWidth={kind.maxWidth}
        />
      )}
      {kind.children}
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
    </Flex>
  );
}
