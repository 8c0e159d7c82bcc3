import { PageTitle } from '../../../components/ui/card';
import { useGuideImages, type GuideImage } from '../api/get-guide-images';

const BUNDLED = { DESKTOP: '/images/guide-desktop.svg', MOBILE: '/images/guide-mobile.svg' };

/** /guide: images only; the mobile image at 880px and below, the desktop one above. */
export default function GuideRoute() {
  const { data = [] } = useGuideImages();
  const urls = (device: GuideImage['device']) => {
    const own = data.filter((g) => g.device === device).map((g) => g.imageUrl);
    return own.length ? own : [BUNDLED[device]];
  };
  return (
    <div className="page guide-page">
      <PageTitle>링크 입력 가이드</PageTitle>
      <div className="guide-desktop">
        {urls('DESKTOP').map((src) => (
          <img key={src} src={src} alt="PC에서 링크를 복사하는 방법" />
        ))}
      </div>
      <div className="guide-mobile">
        {urls('MOBILE').map((src) => (
          <img key={src} src={src} alt="모바일에서 링크를 복사하는 방법" />
        ))}
      </div>
    </div>
  );
}
