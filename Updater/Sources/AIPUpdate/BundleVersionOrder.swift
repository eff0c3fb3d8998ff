import AIPManifestCore
import Foundation

/// Which of two bundles is newer: the later AIRAC effective date, then, within one cycle, the greater version
/// with digit runs compared as numbers (`2612.10` after `2612.9`). An updater installs only newer bundles, so an
/// old package replayed, or a downgrade, is refused.
public enum BundleVersionOrder {
    public static func isNewer(_ candidate: Manifest, than installed: Manifest) -> Bool {
        if candidate.airac.effectiveDate != installed.airac.effectiveDate {
            return candidate.airac.effectiveDate > installed.airac.effectiveDate
        }
        return candidate.bundleVersion.compare(installed.bundleVersion, options: .numeric) == .orderedDescending
    }
}
