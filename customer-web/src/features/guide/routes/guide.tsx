import { PageTitle } from '../../../components/ui/card';
import { useGuide } from '../api/get-guide';

/** Drawn while the operator has uploaded no guide image of that kind. */
const BUNDLED = { desktop: '/images/guide-desktop.svg', mobile: '/images/guide-mobile.svg' };

/** /guide: images only; the mobile image at 880px and below, the desktop one above. */
export default function GuideRoute() {
  const { data, isPending } = useGuide();
  if (isPending) return null;
  return (
    <div className="page guide-page">
      <PageTitle>링크 입력 가이드</PageTitle>
      <div className="guide-desktop">
        <img src={data?.desktopImageUrl ?? BUNDLED.desktop} alt="PC에서 링크를 복사하는 방법" />
      </div>
      <div className="guide-mobile">
        <img src={data?.mobileImageUrl ?? BUNDLED.mobile} alt="모바일에서 링크를 복사하는 방법" />
      </div>
    </div>
  );
}
