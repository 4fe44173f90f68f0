# Homebrew formula for sbmap. Install from a clone of this repository:
#
#   brew install --HEAD ./packaging/homebrew/sbmap.rb
#
# or put it in a tap (a repository named homebrew-tools holding Formula/sbmap.rb) and `brew install OWNER/tools/sbmap`.
# For a release, add `url "https://…/StoryboardMap-X.Y.Z.tar.gz"` and its `sha256` above `head`.
# OWNER stands for the account that publishes the repository: set it (and a `license`) when publishing the tap.
class Sbmap < Formula
  desc "Map every storyboard of an iOS or macOS app into one graph, and find the links that crash at runtime"
  homepage "https://github.com/OWNER/StoryboardMap"
  head "https://github.com/OWNER/StoryboardMap.git", branch: "main"

  depends_on "pkg-config" => :build
  depends_on xcode: ["16.0", :build]
  depends_on "graphviz"
  depends_on "libxml2"

  def install
    # `make install` builds in release mode and installs the binary, the man page and the shell completions.
    system "make", "install", "PREFIX=#{prefix}"
  end

  test do
    assert_match "Graphviz", shell_output("#{bin}/sbmap --version")
    (testpath/"Main.storyboard").write <<~XML
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22155"
        targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="a">
        <scenes><scene sceneID="s"><objects><viewController id="a" sceneMemberID="viewController"/></objects></scene></scenes>
      </document>
    XML
    system bin/"sbmap", "check", testpath
  end
end
