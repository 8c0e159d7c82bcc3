import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useSettings } from '../../lib/settings';

/** docs/product.md §2: company facts from the settings, separated by bars; terms open in a new tab. */
export function Footer() {
  const settings = useSettings();
  const company = settings.text('FOOTER_COMPANY');
  const facts = [
    company,
    settings.text('FOOTER_CEO') && `대표 ${settings.text('FOOTER_CEO')}`,
    settings.text('FOOTER_CORPORATION_MARKET_NUMBER') &&
      `통신판매업 신고번호 ${settings.text('FOOTER_CORPORATION_MARKET_NUMBER')}`,
    settings.text('FOOTER_CEO_PHONE_NUMBER') && `전화 ${settings.text('FOOTER_CEO_PHONE_NUMBER')}`,
    settings.text('FOOTER_ADDRESS'),
    settings.text('FOOTER_CORPORATION_NUMBER') && `사업자등록번호 ${settings.text('FOOTER_CORPORATION_NUMBER')}`,
  ].filter(Boolean);
  return (
    <footer className="footer" data-testid="footer">
      <div className="footer-inner">
        <nav className="footer-links" aria-label="약관">
          <Link to={paths.termsService} target="_blank" rel="noopener">
            이용약관
          </Link>
          <Link to={paths.termsPrivacy} target="_blank" rel="noopener">
            <strong>개인정보처리방침</strong>
          </Link>
        </nav>
        <p className="footer-facts">
          {facts.map((fact, i) => (
            <span key={i}>
              {i > 0 ? <span className="bar"> | </span> : null}
              {fact}
            </span>
          ))}
        </p>
        {company ? <p className="footer-copy">© {company}. All rights reserved.</p> : null}
      </div>
    </footer>
  );
}
