import { Button, Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import type { CustomerRow } from '../../../domain/lookups';
import type { CompanyFinderStore } from './CompanyFinderStore';

interface CompanyFinderProps {
  finder: CompanyFinderStore;
  /** The chosen company's id, if any. */
  value: number | null;
  onChoose(company: CustomerRow): void;
  /** Accessible names of the text box and the list, where one page holds two finders. */
  textLabel: string;
  listLabel: string;
}

/** A company found by name or SCAC (CompanyFinderStore). */
export const CompanyFinder = observer(function CompanyFinder({
  finder,
  value,
  onChoose,
  textLabel,
  listLabel,
}: CompanyFinderProps) {
  return (
    <Field.Root>
      <Field.Label>Company</Field.Label>
      <HStack>
        <Input
          value={finder.text}
          placeholder="Name or SCAC"
          aria-label={textLabel}
          onChange={(e) => finder.setText(e.target.value)}
        />
        <Button variant="outline" onClick={() => void finder.find()}>
          Find
        </Button>
      </HStack>
      {finder.options.length > 0 && (
        <NativeSelect.Root>
          <NativeSelect.Field
            aria-label={listLabel}
            value={value ?? ''}
            onChange={(e) => {
              const company = finder.option(Number(e.target.value));
              if (company) onChoose(company);
            }}
          >
            <option value="">Choose a company</option>
            {finder.options.map((c) => (
              <option key={c.CustomerId} value={c.CustomerId}>
                {c.CustomerNameWithSCAC}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
    </Field.Root>
  );
});
