// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";

/// The License (ticket) as the Markets contract sees it. Implemented by License.sol.
interface ILicense is IERC721 {
    enum LicenseType {
        Common,
        Scarcity,
        Attributive
    }

    struct Info {
        LicenseType licenseType;
        uint32 number; // issue number within its type
        uint16 availableTimes; // markets it may still issue; starts at 10
        bool tradable;
        bool rentable;
        bool usable;
    }

    function info(uint256 tokenId) external view returns (Info memory);

    /// ERC-4907
    function userOf(uint256 tokenId) external view returns (address);
    function userExpires(uint256 tokenId) external view returns (uint256);

    /// Primary-sale price of a type in pay-token units; values a License staked as a bond.
    function typePrice(LicenseType licenseType) external view returns (uint256);

    /// Markets contract only. Checks that `issuer` may issue a market expiring at `expirationTime`
    /// with `tokenId` now (the renter during an active rental, within its end and issue allowance;
    /// the owner otherwise; the License usable with availableTimes > 0) and consumes one use.
    /// Returns the rental's end, or 0 when the issuer is the owner.
    function useForIssue(uint256 tokenId, address issuer, uint256 expirationTime) external returns (uint64 rentalEnd);

    /// Markets contract only: gives back the use of a cancelled market (recycle).
    function recycleUse(uint256 tokenId) external;
}
