// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";

/// @title ILicense
/// @notice The License (ticket) as the Markets contract sees it. Implemented by License.sol.
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

    /// @notice A License's type, number, uses left and flags.
    /// @param tokenId The License.
    /// @return Its Info.
    function info(uint256 tokenId) external view returns (Info memory);

    /// @notice ERC-4907: the renter while a rental runs, else the zero address.
    /// @param tokenId The License.
    /// @return The current user (renter).
    function userOf(uint256 tokenId) external view returns (address);
    /// @notice ERC-4907: the end of the current or last rental (unix seconds), 0 when none.
    /// @param tokenId The License.
    /// @return The rental's end.
    function userExpires(uint256 tokenId) external view returns (uint256);

    /// @notice Primary-sale price of a type in pay-token units; values a License staked as a bond.
    /// @param licenseType The type.
    /// @return The price.
    function typePrice(LicenseType licenseType) external view returns (uint256);

    /// @notice Markets contract only. Checks that `issuer` may issue a market expiring at `expirationTime`
    /// with `tokenId` now (the renter during an active rental, within its end and issue allowance;
    /// the owner otherwise; the License usable with availableTimes > 0) and consumes one use.
    /// @param tokenId The License.
    /// @param issuer The account issuing the market.
    /// @param expirationTime The market's expiration time.
    /// @return rentalEnd The rental's end, or 0 when the issuer is the owner.
    function useForIssue(uint256 tokenId, address issuer, uint256 expirationTime) external returns (uint64 rentalEnd);

    /// @notice Markets contract only: gives back the use of a cancelled market (recycle).
    /// @param tokenId The License.
    function recycleUse(uint256 tokenId) external;
}
