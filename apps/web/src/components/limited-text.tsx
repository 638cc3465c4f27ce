import { Textarea, type TextareaProps, TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from '../lib/i18n';

/**
 * Text fields with a length limit that never cut what was typed or pasted (the `maxlength` attribute does,
 * silently): past the limit the field says so next to itself, and the form or the server refuses it.
 */
function useLengthError(value: unknown, limit: number, error: unknown) {
  const { t } = useTranslation();
  const length = typeof value === 'string' ? value.length : 0;
  if (error) return error;
  return length > limit ? t('form.tooLong', { max: limit, count: length }) : undefined;
}

export function LimitedTextInput({ limit, error, ...props }: TextInputProps & { limit: number }) {
  return (
    <TextInput {...props} error={useLengthError(props.value, limit, error) as TextInputProps['error']} />
  );
}

export function LimitedTextarea({ limit, error, ...props }: TextareaProps & { limit: number }) {
  return <Textarea {...props} error={useLengthError(props.value, limit, error) as TextareaProps['error']} />;
}

/** Whether a value is over its limit (for a form's own check before sending). */
export const isOverLimit = (value: string, limit: number) => value.length > limit;
