import { Button, HStack, Spacer, Stack } from '@chakra-ui/react';
import { Theme as ChakraTheme } from '@rjsf/chakra-ui';
import { withTheme } from '@rjsf/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Acknowledgements } from './Acknowledgements';
import { toErrorSchema } from './error-schema';
import { flowTemplates } from './form-templates';
import { fieldsOf, widgetsOf } from './registry';
import { StepActions } from './StepActions';
import type { FlowViewProps } from './services';

const Form = withTheme({ ...ChakraTheme, templates: { ...ChakraTheme.templates, ...flowTemplates } });

/** A field marked invalid, else the first error message a widget or the acknowledgements draw. */
const FIRST_ERROR = '[aria-invalid=true], [data-flow-error]';

const FOCUSABLE = 'input:not([type=hidden]), textarea, select, button, [tabindex]:not([tabindex="-1"])';

/** Focuses the first field of an element, or the element itself. */
function bringIntoView(element: HTMLElement | null | undefined) {
  if (!element) return;
  const target = element.matches(FOCUSABLE)
    ? element
    : (element.querySelector<HTMLElement>(FOCUSABLE) ?? element);
  target.focus();
  target.scrollIntoView?.({ block: 'center' });
}

type SchemaNode = Record<string, unknown> & { properties?: Record<string, SchemaNode> };

/**
 * The step's schema as RJSF is given it: a field whose hand-written widget owns its value
 * (uiSchema `"ui:options": { "ownsValue": true }`) shows RJSF its type, title and description
 * only, so RJSF's defaults and schema walks on every change do not go through the hundreds of items
 * inside it (the term lease line items: issue 16 bench). The FlowStore still checks the whole schema.
 */
export function formSchema(schema: SchemaNode, uiSchema: Record<string, unknown> | undefined): SchemaNode {
  const properties = schema.properties;
  if (!properties || !uiSchema) return schema;
  let changed = false;
  const next: Record<string, SchemaNode> = {};
  for (const [key, child] of Object.entries(properties)) {
    const ui = uiSchema[key] as Record<string, unknown> | undefined;
    const options = ui?.['ui:options'] as Record<string, unknown> | undefined;
    let shown = child;
    if (options?.ownsValue === true) {
      const { type, title, description } = child;
      // No items schema either: RJSF draws nothing per item (a hidden array stays one hidden element).
      shown = Object.fromEntries(
        Object.entries({ type, title, description }).filter(([, v]) => v !== undefined),
      ) as SchemaNode;
    } else if (child.properties) shown = formSchema(child, ui);
    changed ||= shown !== child;
    next[key] = shown;
  }
  return changed ? { ...schema, properties: next } : schema;
}

/** A request step: the form from the step's schema and uiSchema, acknowledgements, navigation. */
export const RequestStep = observer(function RequestStep({ store, registry, services }: FlowViewProps) {
  const step = store.step;
  const container = useRef<HTMLDivElement>(null);
  const fields = useMemo(() => fieldsOf(registry), [registry]);
  const widgets = useMemo(() => widgetsOf(registry), [registry]);
  const extraErrors = useMemo(() => toErrorSchema(store.fieldErrors), [store.fieldErrors]);
  const section = store.focusedSection;
  // Our own buttons drive the steps; RJSF's submit button stays out.
  const uiSchema = useMemo(
    () => ({ ...step.uiSchema, 'ui:submitButtonOptions': { norender: true } }),
    [step.uiSchema],
  );
  const schema = useMemo(
    () => (step.schema ? formSchema(step.schema as SchemaNode, step.uiSchema) : undefined),
    [step.schema, step.uiSchema],
  );

  // Edit on the review step: bring the chosen section into view (ids are RJSF's root_<group>).
  useEffect(() => {
    if (section) bringIntoView(container.current?.querySelector<HTMLElement>(`#root_${section}`));
  }, [section]);

  // A refused Next: once the errors are drawn (after the render, not when the check answers —
  // the field is marked invalid only then), focus the first one and scroll it into view: on a
  // phone the user pressed Next at the bottom of the form (issue 25).
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0) return;
    const error = container.current?.querySelector<HTMLElement>(FIRST_ERROR);
    // An error text sits in its field's template, after the control: focus that control.
    bringIntoView(error?.hasAttribute('data-flow-error') ? error.parentElement : error);
  }, [refusals]);

  if (!step.schema) return null;
  const next = async () => {
    if (!(await store.next())) setRefusals((n) => n + 1);
  };
  const leave = async () => {
    if (await store.leave()) services.leave();
  };
  return (
    <Stack gap={6} ref={container}>
      <Form
        schema={schema as object}
        uiSchema={uiSchema}
        validator={services.formValidator(schema as object)}
        formData={store.data}
        onChange={(e) => store.setSections((e.formData ?? {}) as Record<string, unknown>)}
        extraErrors={extraErrors}
        fields={fields}
        widgets={widgets}
        formContext={services.widgetContext}
        noValidate
        noHtml5Validate
        showErrorList={false}
      />
      <StepActions store={store} actions={step.actions ?? []} />
      <Acknowledgements store={store} />
      <HStack gap={3} flexWrap="wrap">
        <Button variant="ghost" onClick={() => void leave()} disabled={store.busy}>
          Back to Dashboard
        </Button>
        <Button variant="outline" onClick={() => void store.discard()} disabled={store.busy || !store.dirty}>
          Discard changes
        </Button>
        <Spacer />
        {step.id !== store.flow.steps[0]?.id && (
          <Button variant="outline" onClick={() => store.back()} disabled={store.busy}>
            Back
          </Button>
        )}
        <Button colorPalette="blue" onClick={() => void next()} loading={store.busy}>
          Next
        </Button>
      </HStack>
    </Stack>
  );
});
