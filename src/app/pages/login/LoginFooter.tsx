import { HStack, Link, Stack, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/StoresContext';

const tel = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** SPEC §1: support and road-service lines, app stores, privacy, terms and do-not-sell links. */
export const LoginFooter = observer(function LoginFooter() {
  const { config } = useStores().config;
  return (
    <Stack gap={2} fontSize="sm" mt={6}>
      <Text>
        Customer Support: <Link href={tel(config.customerSupportPhone)}>{config.customerSupportPhone}</Link>
      </Text>
      <Text>
        Emergency Road Service: <Link href={tel(config.roadServicePhone)}>{config.roadServicePhone}</Link>
      </Text>
      <HStack gap={4} wrap="wrap">
        <Link href={config.appStoreUrl} target="_blank" rel="noopener noreferrer">
          App Store
        </Link>
        <Link href={config.playStoreUrl} target="_blank" rel="noopener noreferrer">
          Google Play
        </Link>
      </HStack>
      <HStack gap={4} wrap="wrap">
        <Link href={config.privacyUrl} target="_blank" rel="noopener noreferrer">
          Privacy Notice
        </Link>
        <Link href={config.termsUrl} target="_blank" rel="noopener noreferrer">
          Terms of Use
        </Link>
        <Link href={config.doNotSellUrl} target="_blank" rel="noopener noreferrer">
          Do Not Sell My Personal Information
        </Link>
      </HStack>
    </Stack>
  );
});
