import { Box, Button, Heading, HStack, Spacer, Stack } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { requestSteps } from '../core/check-data';
import { sectionsOf } from '../core/flow-steps';
import type { JsonSchema } from '../core/types';
import { ReviewChanges } from './ReviewChanges';
import { ReviewValue } from './ReviewValue';
import { PlainReviewList, ReviewListContext } from './review-list';
import type { FlowViewProps } from './services';

/**
 * The review step, generated from every request step's schema and the data: one section per group;
 * in edit mode, first the changes (old → new). An unchanged edit cannot be submitted.
 */
export const ReviewStep = observer(function ReviewStep({ store, registry, services }: FlowViewProps) {
  const sections = requestSteps(store.flow).flatMap((step) =>
    sectionsOf(step).map((key) => ({
      key,
      schema: ((step.schema?.properties ?? {}) as Record<string, JsonSchema>)[key] as JsonSchema,
      uiSchema: (step.uiSchema?.[key] ?? {}) as Record<string, unknown>,
    })),
  );
  const leave = async () => {
    if (await store.leave()) services.leave();
  };
  return (
    <ReviewListContext.Provider value={services.list ?? PlainReviewList}>
      <Stack gap={8}>
        <ReviewChanges store={store} registry={registry} context={services.widgetContext} />
        {sections.map(({ key, schema, uiSchema }) => {
          const title = typeof schema.title === 'string' ? schema.title : key;
          const headingId = `review-${key}`;
          return (
            <Box as="section" key={key} aria-labelledby={headingId}>
              <HStack mb={3}>
                <Heading as="h3" size="md" id={headingId}>
                  {title}
                </Heading>
                <Spacer />
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Edit ${title}`}
                  onClick={() => store.edit(key)}
                >
                  Edit
                </Button>
              </HStack>
              <ReviewValue
                value={store.data[key]}
                schema={schema}
                uiSchema={uiSchema}
                registry={registry}
                context={services.widgetContext}
              />
            </Box>
          );
        })}
        <HStack gap={3} flexWrap="wrap">
          <Button variant="ghost" onClick={() => void leave()} disabled={store.busy}>
            Back to Dashboard
          </Button>
          <Spacer />
          <Button variant="outline" onClick={() => store.back()} disabled={store.busy}>
            Back
          </Button>
          <Button
            colorPalette="blue"
            onClick={() => void store.submission.submit()}
            loading={store.submission.submitting}
            disabled={store.busy || store.order.unchanged}
          >
            Submit
          </Button>
        </HStack>
      </Stack>
    </ReviewListContext.Provider>
  );
});
