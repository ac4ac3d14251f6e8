import { Form as AntForm, type FormProps } from 'antd';
import { type PropsWithChildren, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type FieldPath = (string | number)[];

const pathOf = (name: unknown): FieldPath => (Array.isArray(name) ? name : [name]) as FieldPath;

interface Notice {
  text: string;
  /** the field to move to once the errors are on screen */
  focus?: FieldPath;
  /** a new node for each notice, so that a repeated text is read again */
  id: number;
}

/**
 * antd's Form that says what went wrong, for every form of the app (render `Form` from here, not
 * antd's; its parts, `Form.Item`…, are antd's own). A submit that fails the checks moves the focus
 * to the first invalid field and announces the fields to fix by their labels («Исправьте 2 поля:
 * ИИН, Пароль»); an error that one field gets on its own (as it is left, or typed in) is announced
 * as «ИИН: …». The field's message stays tied to it by antd's aria-describedby, so it is read again
 * on focus.
 */
function AnnouncingForm<Values>({ form, onFinishFailed, onFieldsChange, ...props }: PropsWithChildren<FormProps<Values>>) {
  const { t } = useTranslation();
  const [instance] = AntForm.useForm<Values>(form);
  const root = useRef<HTMLElement | null>(null);
  // each field's error last announced: one kept as the field is typed in is not read at every key
  const announced = useRef(new Map<string, string>());
  const [notice, setNotice] = useState<Notice | null>(null);

  const announce = (text: string, focus?: FieldPath) => setNotice((last) => ({ text, focus, id: (last?.id ?? 0) + 1 }));

  /** A field as its form item labels it (antd ties the label to the control by the field's id). */
  const labelOf = (path: FieldPath) => {
    const id = [props.name, ...path].filter((part) => part !== undefined).join('_');
    const label = root.current?.querySelector(`label[for="${CSS.escape(id)}"]`)?.textContent?.trim();
    return label || document.getElementById(id)?.getAttribute('aria-label') || String(path.at(-1));
  };

  // focus after the render that shows the errors, so that the field is read with its message
  useEffect(() => {
    if (notice?.focus) instance.scrollToField(notice.focus, { block: 'center', focus: true });
  }, [notice, instance]);

  return (
    <>
      <AntForm<Values>
        {...props}
        ref={(ref) => {
          root.current = ref?.nativeElement ?? null;
        }}
        form={instance}
        onFinishFailed={(info) => {
          onFinishFailed?.(info);
          const fields = info.errorFields.map((field) => labelOf(field.name));
          if (fields.length === 0) return;
          announce(t('form.fixFields', { count: fields.length, fields: fields.join(', ') }), info.errorFields[0].name);
        }}
        onFieldsChange={(changed, all) => {
          onFieldsChange?.(changed, all);
          const fresh: { path: FieldPath; error: string }[] = [];
          for (const field of changed) {
            if (field.validating) continue;
            const path = pathOf(field.name);
            const key = path.join('.');
            const error = field.errors?.find((message): message is string => typeof message === 'string');
            if (!error) announced.current.delete(key);
            else if (announced.current.get(key) !== error) {
              announced.current.set(key, error);
              fresh.push({ path, error });
            }
          }
          // a submit checks every field at once, and its summary above says it all
          if (changed.length === 1 && fresh.length === 1) announce(`${labelOf(fresh[0].path)}: ${fresh[0].error}`);
        }}
      />
      <div role="alert" className="oqu-visually-hidden" data-testid="form-announcement">
        {notice && <span key={notice.id}>{notice.text}</span>}
      </div>
    </>
  );
}

/** With antd's parts the forms use (add the others here when a form needs them). */
export const Form = Object.assign(AnnouncingForm, {
  Item: AntForm.Item,
  useForm: AntForm.useForm,
  useFormInstance: AntForm.useFormInstance,
  useWatch: AntForm.useWatch,
});
