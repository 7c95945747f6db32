import Foundation
import IconForgeKit
import Testing

@Suite("Backup folders")
struct BackupTests {
    @Test("a backup's stamp is the UTC time, to the second, fractions dropped; zero-padded so stamps sort as times do")
    func timestamp() {
        #expect(Backup.timestamp(Date(timeIntervalSince1970: 1_795_384_500.7)) == "20261122-215500")
        #expect(Backup.timestamp(Date(timeIntervalSince1970: 946_684_799)) == "19991231-235959")
        #expect(Backup.timestamp(Date(timeIntervalSince1970: 0)) == "19700101-000000")
    }
}
