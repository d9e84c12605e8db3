import { fireEvent, screen } from '@testing-library/react';
import { createMockPlatform, renderWithPlatform } from '@velvet/testing';
import { locales } from './locales';
import { makeVideo } from './testing/fixtures';
import { VideoPlayer } from './VideoPlayer';

function render(needAgeCheck: boolean, language: 'en' | 'de' | 'es' = 'en') {
  const platform = createMockPlatform({ loggedIn: true, language });
  const video = makeVideo(3, {
    needAgeCheck,
    free: true,
    preview: {
      url: needAgeCheck ? '/media/videos/3/preview.blur.webp' : '/media/videos/3/preview.webp?avs=1.x',
      width: 320,
      height: 180,
    },
  });
  renderWithPlatform(<VideoPlayer video={video} />, { platform, remote: 'mf-media', locales });
  return platform;
}

describe('a video that needs an age check', () => {
  it('shows the blurred preview the server sent and opens the age check instead of playing', () => {
    const platform = render(true);
    expect(screen.getByRole('img', { name: 'Video 3' })).toHaveAttribute('src', '/media/videos/3/preview.blur.webp');
    expect(document.querySelector('video')).toBeNull();
    expect(screen.getByTestId('age-gate')).toHaveTextContent('This video is rated 18.');
    fireEvent.click(screen.getByRole('button', { name: 'Verify my age' }));
    expect(platform.openedFlows).toEqual(['ageCheck']);
  });

  it('says so in German', () => {
    render(true, 'de');
    expect(screen.getByRole('button', { name: 'Alter bestätigen' })).toBeInTheDocument();
    expect(screen.getByTestId('age-gate')).toHaveTextContent('Dieses Video ist ab 18.');
  });

  it('plays for a verified guest', () => {
    render(false);
    expect(screen.queryByTestId('age-gate')).toBeNull();
    expect(document.querySelector('video[data-clip="full"]')).not.toBeNull();
  });
});
