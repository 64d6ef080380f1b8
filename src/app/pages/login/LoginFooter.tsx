import type { AppConfig } from '../../stores/ConfigStore';

const tel = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** SPEC §1: support and road-service lines, app stores, privacy, terms and do-not-sell links. */
export function LoginFooter({ config }: { config: AppConfig }) {
  return (
    <div className="plain-footer">
      <p>
        Customer Support:{' '}
        <a className="plain-link plain-link-inline" href={tel(config.customerSupportPhone)}>
          {config.customerSupportPhone}
        </a>
      </p>
      <p>
        Emergency Road Service:{' '}
        <a className="plain-link plain-link-inline" href={tel(config.roadServicePhone)}>
          {config.roadServicePhone}
        </a>
      </p>
      <div className="plain-row">
        <ExternalLink href={config.appStoreUrl}>App Store</ExternalLink>
        <ExternalLink href={config.playStoreUrl}>Google Play</ExternalLink>
      </div>
      <div className="plain-row">
        <ExternalLink href={config.privacyUrl}>Privacy Notice</ExternalLink>
        <ExternalLink href={config.termsUrl}>Terms of Use</ExternalLink>
        <ExternalLink href={config.doNotSellUrl}>Do Not Sell My Personal Information</ExternalLink>
      </div>
    </div>
  );
}

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a className="plain-link" href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
