/**
 * Our RJSF templates on top of the Chakra theme (STACK.md catches): inputs whose label points at
 * RJSF's id, descriptions, help and errors as plain text linked by aria-describedby, and each
 * top-level group as a labelled section the review step's Edit can bring into view.
 */
import { Box, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import {
  ariaDescribedByIds,
  type BaseInputTemplateProps,
  type DescriptionFieldProps,
  descriptionId,
  errorId,
  type FieldErrorProps,
  type FieldHelpProps,
  type FieldTemplateProps,
  getInputProps,
  helpId,
  labelValue,
  type ObjectFieldTemplateProps,
  titleId,
} from '@rjsf/utils';
import type { ChangeEvent } from 'react';

/** Field.Root gets RJSF's id, so the label's `for` and the input's id agree. */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, type, value, label, hideLabel, schema, options, required, readonly, disabled } =
    props;
  const { rawErrors, autofocus, placeholder, onChange, onChangeOverride, onBlur, onFocus } = props;
  const onInput = (e: ChangeEvent<HTMLInputElement>) =>
    onChange(e.target.value === '' ? options.emptyValue : e.target.value);
  return (
    <Field.Root id={id} required={required} disabled={disabled || readonly} invalid={!!rawErrors?.length}>
      {labelValue(label, hideLabel || !label) && (
        <Field.Label>
          {label}
          <Field.RequiredIndicator />
        </Field.Label>
      )}
      <Input
        id={id}
        name={htmlName || id}
        value={value || value === 0 ? value : ''}
        autoFocus={autofocus}
        placeholder={placeholder}
        readOnly={readonly}
        {...getInputProps(schema, type, options)}
        onChange={onChangeOverride ?? onInput}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
        aria-describedby={ariaDescribedByIds(id)}
      />
    </Field.Root>
  );
}

/** The control, then its description (unless the help says the same), help and errors. */
export function FieldTemplate(props: FieldTemplateProps) {
  const { children, hidden, displayLabel, rawDescription, description, help, errors, uiSchema } = props;
  if (hidden) return <Box display="none">{children}</Box>;
  const helpText = uiSchema?.['ui:help'];
  return (
    <Stack gap={1}>
      {children}
      {displayLabel && rawDescription && rawDescription !== helpText ? description : null}
      {help}
      {errors}
    </Stack>
  );
}

export function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  if (!description) return null;
  return (
    <Text id={id} fontSize="sm" color="fg.muted">
      {description}
    </Text>
  );
}

export function FieldHelpTemplate({ fieldPathId, help }: FieldHelpProps) {
  if (!help) return null;
  return (
    <Text id={helpId(fieldPathId)} fontSize="sm" color="fg.muted">
      {help}
    </Text>
  );
}

export function FieldErrorTemplate({ errors = [], fieldPathId }: FieldErrorProps) {
  if (errors.length === 0) return null;
  return (
    // data-flow-error: a refused Next brings the first field with an error into view (RequestStep).
    <Stack id={errorId(fieldPathId)} gap={0} data-flow-error="">
      {errors.map((e) => (
        <Text key={String(e)} fontSize="sm" color="fg.error">
          {e}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The root renders its groups only (the page heading names the flow); a top-level group is a
 * section with an h3 (h1 is the flow, h2 the step), focusable so Edit on the review step can bring it into view.
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { fieldPathId, title, description, properties } = props;
  const depth = fieldPathId.path.length;
  const fields = properties.map((p) => (p.hidden ? p.content : <Box key={p.name}>{p.content}</Box>));
  if (depth === 0) return <Stack gap={8}>{fields}</Stack>;
  const headingId = titleId(fieldPathId);
  return (
    <Box
      as={depth === 1 ? 'section' : 'div'}
      id={fieldPathId.$id}
      aria-labelledby={title ? headingId : undefined}
      tabIndex={-1}
    >
      {title && (
        <Heading as={depth === 1 ? 'h3' : 'h4'} size="md" id={headingId} mb={3}>
          {title}
        </Heading>
      )}
      {description && (
        <Text id={descriptionId(fieldPathId)} fontSize="sm" color="fg.muted" mb={3}>
          {description}
        </Text>
      )}
      <Stack gap={4}>{fields}</Stack>
    </Box>
  );
}

export const flowTemplates = {
  BaseInputTemplate,
  FieldTemplate,
  DescriptionFieldTemplate,
  FieldHelpTemplate,
  FieldErrorTemplate,
  ObjectFieldTemplate,
};
