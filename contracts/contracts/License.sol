// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {IERC4906} from "@openzeppelin/contracts/interfaces/IERC4906.sol";
import {ILicense} from "./interfaces/ILicense.sol";
import {LicenseMetadata} from "./license/LicenseMetadata.sol";

/// @title IERC4907
/// @notice ERC-4907: a time-limited "user" role beside the owner.
interface IERC4907 {
    /// @notice The user of `tokenId` changed (zero address and 0: cleared).
    /// @param tokenId The token.
    /// @param user The new user.
    /// @param expires When the user's role ends, unix seconds.
    event UpdateUser(uint256 indexed tokenId, address indexed user, uint64 expires);

    /// @notice Sets the user of `tokenId` until `expires`.
    /// @param tokenId The token.
    /// @param user The user.
    /// @param expires When the role ends, unix seconds.
    function setUser(uint256 tokenId, address user, uint64 expires) external;
    /// @notice The user of `tokenId`, the zero address once its role has ended.
    /// @param tokenId The token.
    /// @return The user.
    function userOf(uint256 tokenId) external view returns (address);
    /// @notice When the user's role of `tokenId` ends, unix seconds.
    /// @param tokenId The token.
    /// @return The end.
    function userExpires(uint256 tokenId) external view returns (uint256);
}

/// @title License, the PRDS issuing ticket (ERC-721)
/// @notice The License (ticket): the right to issue markets. Sold by the protocol for the pay token, traded
/// and rented through LicenseMarketplace, consumed by Markets. Its ERC-721 metadata is on chain
/// (tokenURI, LicenseMetadata) and ERC-4906 MetadataUpdate says when it changed: a use, a rental.
contract License is ERC721, IERC4907, IERC4906, ILicense, Ownable, ReentrancyGuard {
    using SafeERC20 for IERC20;

    /// Deployment parameters of one License type.
    struct TypeConfig {
        uint256 price; // primary-sale price in pay-token units
        uint32 maxSupply; // how many of the type can ever be minted
        bool tradable;
        bool rentable;
        bool usable;
    }

    /// A bundle sold at one price: `counts[t]` Licenses of type t.
    struct Packet {
        uint16[3] counts;
        uint256 price;
    }

    /// The rental the marketplace granted: ERC-4907's user and expiry plus the issues it allows.
    struct Rental {
        address user;
        uint64 expires;
        uint16 maxIssues;
        uint16 issuesUsed;
    }

    /// @notice The token Licenses are sold for (BSC USDT).
    IERC20 public immutable payToken;
    /// @notice Receives every primary-sale payment.
    address public immutable treasury;
    /// @notice Markets a new License may issue (the spec's 10).
    uint16 public immutable issuesPerLicense;
    /// @notice Largest packet a single call may mint, so a packet purchase always fits in a block.
    uint16 public constant MAX_PACKET_SIZE = 50;

    /// @notice The Markets contract, the only caller of useForIssue and recycleUse (set once).
    address public markets;
    /// @notice The LicenseMarketplace, the only one that grants rentals (set once).
    address public marketplace;

    /// @notice Licenses minted so far; also the latest token id.
    uint256 public totalMinted;
    /// @notice Licenses minted so far per type.
    mapping(LicenseType => uint32) public mintedOfType;

    TypeConfig[3] private _types;
    Packet[] private _packets;
    mapping(uint256 tokenId => Info) private _info;
    mapping(uint256 tokenId => Rental) private _rentals;

    /// @notice The Markets contract was set.
    /// @param markets Its address.
    event MarketsSet(address markets);
    /// @notice The marketplace was set.
    /// @param marketplace Its address.
    event MarketplaceSet(address marketplace);
    /// @notice One event per minted License with everything its row needs.
    /// @param tokenId The new License.
    /// @param buyer Who bought (and owns) it.
    /// @param licenseType Its type.
    /// @param number Its issue number within the type.
    /// @param availableTimes Markets it may issue.
    /// @param tradable Whether it may be transferred.
    /// @param rentable Whether it may be rented out.
    /// @param usable Whether it may issue markets.
    /// @param price What it cost (its share of a packet's price), pay-token units.
    event LicenseMinted(
        uint256 indexed tokenId,
        address indexed buyer,
        LicenseType licenseType,
        uint32 number,
        uint16 availableTimes,
        bool tradable,
        bool rentable,
        bool usable,
        uint256 price
    );
    /// @notice Emitted after the packet's LicenseMinted events (token ids firstTokenId .. firstTokenId + count - 1).
    /// @param packetId The packet sold.
    /// @param buyer Who bought it.
    /// @param price The packet's price, pay-token units.
    /// @param firstTokenId The first License minted.
    /// @param count Licenses minted.
    event PacketSold(uint256 indexed packetId, address indexed buyer, uint256 price, uint256 firstTokenId, uint256 count);
    /// @notice The marketplace granted a rental.
    /// @param tokenId The License.
    /// @param user The renter.
    /// @param expires The rental's end, unix seconds.
    /// @param maxIssues Markets the renter may issue with it.
    event RentalGranted(
        uint256 indexed tokenId, address indexed user, uint64 expires, uint16 maxIssues
    );
    /// @notice A market was issued with the License.
    /// @param tokenId The License.
    /// @param issuer Who issued.
    /// @param availableTimes Uses left.
    /// @param rentalEnd The rental's end when a renter issued, else 0.
    /// @param rentalIssuesUsed Issues the current rental has used (0 for the owner).
    event LicenseUsed(
        uint256 indexed tokenId,
        address indexed issuer,
        uint16 availableTimes,
        uint64 rentalEnd,
        uint16 rentalIssuesUsed
    );
    /// @notice A cancelled market gave its use back.
    /// @param tokenId The License.
    /// @param availableTimes Uses left.
    event LicenseUseRecycled(uint256 indexed tokenId, uint16 availableTimes);

    error ZeroAddress();
    error InvalidIssuesPerLicense();
    error AlreadySet(address current);
    error NotMarkets(address caller);
    error NotMarketplace(address caller);
    error InvalidPacket(uint256 packetId);
    error PacketTooLarge(uint256 size, uint256 max);
    error EmptyPacket();
    error SoldOut(LicenseType licenseType, uint32 maxSupply);
    error NonexistentLicense(uint256 tokenId);
    error LicenseNotTradable(uint256 tokenId);
    error LicenseNotUsable(uint256 tokenId);
    error NoIssuesLeft(uint256 tokenId);
    error NotLicenseUser(uint256 tokenId, address issuer, address user);
    error ExpirationAfterRentalEnd(uint256 tokenId, uint256 expirationTime, uint64 rentalEnd);
    error RentalIssueAllowanceUsed(uint256 tokenId, uint16 maxIssues);
    error InvalidRental(uint256 tokenId, address user, uint64 expires, uint16 maxIssues);
    error NothingToRecycle(uint256 tokenId);

    /// @notice Sets the pay token, the treasury, uses per License, the three types and the packets;
    /// the deployer becomes the owner (who wires Markets and the marketplace once).
    /// @param payToken_ The pay token.
    /// @param treasury_ Receives sales.
    /// @param issuesPerLicense_ Markets a new License may issue.
    /// @param types_ Price, supply and flags of Common, Scarcity and Attributive.
    /// @param packets_ The bundles on sale.
    constructor(
        IERC20 payToken_,
        address treasury_,
        uint16 issuesPerLicense_,
        TypeConfig[3] memory types_,
        Packet[] memory packets_
    ) ERC721("PRDS License", "PRDSL") Ownable(msg.sender) {
        if (address(payToken_) == address(0) || treasury_ == address(0)) revert ZeroAddress();
        if (issuesPerLicense_ == 0) revert InvalidIssuesPerLicense();
        payToken = payToken_;
        treasury = treasury_;
        issuesPerLicense = issuesPerLicense_;
        for (uint256 t = 0; t < 3; ++t) {
            _types[t] = types_[t];
        }
        for (uint256 p = 0; p < packets_.length; ++p) {
            uint256 size = _packetSize(packets_[p]);
            if (size == 0) revert EmptyPacket();
            if (size > MAX_PACKET_SIZE) revert PacketTooLarge(size, MAX_PACKET_SIZE);
            _packets.push(packets_[p]);
        }
    }

    // ---------------------------------------------------------------- wiring (one time, owner)

    /// @notice Owner, once: the Markets contract that consumes uses.
    /// @param markets_ Its address.
    function setMarkets(address markets_) external onlyOwner {
        if (markets_ == address(0)) revert ZeroAddress();
        if (markets != address(0)) revert AlreadySet(markets);
        markets = markets_;
        emit MarketsSet(markets_);
    }

    /// @notice Owner, once: the marketplace that grants rentals.
    /// @param marketplace_ Its address.
    function setMarketplace(address marketplace_) external onlyOwner {
        if (marketplace_ == address(0)) revert ZeroAddress();
        if (marketplace != address(0)) revert AlreadySet(marketplace);
        marketplace = marketplace_;
        emit MarketplaceSet(marketplace_);
    }

    // ---------------------------------------------------------------- primary sale

    /// @notice Buys one License of `licenseType` at its type price, paid to the treasury.
    /// @param licenseType The type.
    /// @return tokenId The new License.
    function buy(LicenseType licenseType) external nonReentrant returns (uint256 tokenId) {
        TypeConfig memory config = _types[uint8(licenseType)];
        payToken.safeTransferFrom(msg.sender, treasury, config.price);
        tokenId = _mintLicense(msg.sender, licenseType, config, config.price);
    }

    /// @notice Buys packet `packetId` at its packet price; its Licenses get consecutive token ids.
    /// @param packetId The packet.
    /// @return firstTokenId The first License minted.
    function buyPacket(uint256 packetId) external nonReentrant returns (uint256 firstTokenId) {
        if (packetId >= _packets.length) revert InvalidPacket(packetId);
        Packet memory bundle = _packets[packetId];
        payToken.safeTransferFrom(msg.sender, treasury, bundle.price);
        firstTokenId = totalMinted + 1;
        uint256 size = _packetSize(bundle);
        // The packet price is spread over its Licenses for the indexer; the first takes the rounding.
        uint256 each = bundle.price / size;
        uint256 first = bundle.price - each * (size - 1);
        uint256 minted;
        for (uint256 t = 0; t < 3; ++t) {
            TypeConfig memory config = _types[t];
            for (uint256 i = 0; i < bundle.counts[t]; ++i) {
                _mintLicense(msg.sender, LicenseType(t), config, minted == 0 ? first : each);
                ++minted;
            }
        }
        emit PacketSold(packetId, msg.sender, bundle.price, firstTokenId, size);
    }

    // ---------------------------------------------------------------- ERC-4907, marketplace only

    /// @notice ERC-4907's setter. Only the marketplace may grant a user, so an owner can never hide a renter;
    /// a user set this way may issue as many markets as the License has left.
    /// @param tokenId The License.
    /// @param user The renter.
    /// @param expires The rental's end, unix seconds.
    function setUser(uint256 tokenId, address user, uint64 expires) external {
        _grantRental(tokenId, user, expires, issuesPerLicense);
    }

    /// @notice Marketplace only: grants a paid rental: `user` may issue up to `maxIssues` markets expiring
    /// before `expires`.
    /// @param tokenId The License.
    /// @param user The renter.
    /// @param expires The rental's end, unix seconds.
    /// @param maxIssues Markets the renter may issue.
    function setUserWithAllowance(uint256 tokenId, address user, uint64 expires, uint16 maxIssues) external {
        _grantRental(tokenId, user, expires, maxIssues);
    }

    /// @inheritdoc ILicense
    function userOf(uint256 tokenId) public view override(IERC4907, ILicense) returns (address) {
        Rental storage rental = _rentals[tokenId];
        return rental.expires >= block.timestamp ? rental.user : address(0);
    }

    /// @inheritdoc ILicense
    /// @dev Cleared to 0 when the License is transferred.
    function userExpires(uint256 tokenId) public view override(IERC4907, ILicense) returns (uint256) {
        return _rentals[tokenId].expires;
    }

    /// @notice The current rental as granted (also after it expired, until the next transfer clears it).
    /// @param tokenId The License.
    /// @return The renter, its end, its issue allowance and the issues used.
    function rentalOf(uint256 tokenId) external view returns (Rental memory) {
        return _rentals[tokenId];
    }

    // ---------------------------------------------------------------- Markets only

    /// @inheritdoc ILicense
    /// @dev The renter during an active rental, the owner otherwise.
    function useForIssue(uint256 tokenId, address issuer, uint256 expirationTime)
        external
        returns (uint64 rentalEnd)
    {
        if (msg.sender != markets) revert NotMarkets(msg.sender);
        Info storage info_ = _existingInfo(tokenId);
        if (!info_.usable) revert LicenseNotUsable(tokenId);
        if (info_.availableTimes == 0) revert NoIssuesLeft(tokenId);

        Rental storage rental = _rentals[tokenId];
        uint16 rentalIssuesUsed;
        if (rental.user != address(0) && rental.expires >= block.timestamp) {
            if (issuer != rental.user) revert NotLicenseUser(tokenId, issuer, rental.user);
            if (expirationTime >= rental.expires) {
                revert ExpirationAfterRentalEnd(tokenId, expirationTime, rental.expires);
            }
            if (rental.issuesUsed >= rental.maxIssues) revert RentalIssueAllowanceUsed(tokenId, rental.maxIssues);
            rentalIssuesUsed = ++rental.issuesUsed;
            rentalEnd = rental.expires;
        } else {
            address owner_ = _ownerOf(tokenId);
            if (issuer != owner_) revert NotLicenseUser(tokenId, issuer, owner_);
        }
        uint16 left = --info_.availableTimes;
        emit LicenseUsed(tokenId, issuer, left, rentalEnd, rentalIssuesUsed);
        emit MetadataUpdate(tokenId);
    }

    /// @inheritdoc ILicense
    /// @dev Never beyond a new License's count.
    function recycleUse(uint256 tokenId) external {
        if (msg.sender != markets) revert NotMarkets(msg.sender);
        Info storage info_ = _existingInfo(tokenId);
        if (info_.availableTimes >= issuesPerLicense) revert NothingToRecycle(tokenId);
        uint16 left = ++info_.availableTimes;
        emit LicenseUseRecycled(tokenId, left);
        emit MetadataUpdate(tokenId);
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc ILicense
    function info(uint256 tokenId) external view returns (Info memory) {
        return _existingInfo(tokenId);
    }

    /// @inheritdoc ILicense
    function typePrice(LicenseType licenseType) external view returns (uint256) {
        return _types[uint8(licenseType)].price;
    }

    /// @notice A type's price, supply cap and flags.
    /// @param licenseType The type.
    /// @return Its TypeConfig.
    function typeConfig(LicenseType licenseType) external view returns (TypeConfig memory) {
        return _types[uint8(licenseType)];
    }

    /// @notice How many packets are on sale (ids 0 .. packetCount() - 1).
    /// @return The count.
    function packetCount() external view returns (uint256) {
        return _packets.length;
    }

    /// @notice A packet's counts per type and its price.
    /// @param packetId The packet.
    /// @return The Packet.
    function packet(uint256 packetId) external view returns (Packet memory) {
        if (packetId >= _packets.length) revert InvalidPacket(packetId);
        return _packets[packetId];
    }

    /// @notice ERC-721 metadata as a data: URI (base64 JSON with an SVG image): name, type, uses left, rental.
    /// @param tokenId The License.
    /// @return The data: URI.
    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        Info memory info_ = _existingInfo(tokenId);
        return LicenseMetadata.tokenURI(
            LicenseMetadata.Facts({
                tokenId: tokenId,
                info: info_,
                issuesPerLicense: issuesPerLicense,
                rentalExpires: _rentals[tokenId].expires,
                rented: userOf(tokenId) != address(0)
            })
        );
    }

    /// ERC-4906's id is 0x49064906 by the standard (not an XOR of its events' selectors).
    bytes4 private constant ERC4906_INTERFACE_ID = 0x49064906;

    /// @notice ERC-165: ERC-721, its metadata, ERC-4907 and ERC-4906.
    /// @param interfaceId The interface id.
    /// @return Whether it is supported.
    function supportsInterface(bytes4 interfaceId) public view override(ERC721, IERC165) returns (bool) {
        return interfaceId == type(IERC4907).interfaceId || interfaceId == ERC4906_INTERFACE_ID
            || super.supportsInterface(interfaceId);
    }

    // ---------------------------------------------------------------- internals

    function _mintLicense(
        address to,
        LicenseType licenseType,
        TypeConfig memory config,
        uint256 price
    ) private returns (uint256 tokenId) {
        uint32 number = mintedOfType[licenseType] + 1;
        if (number > config.maxSupply) revert SoldOut(licenseType, config.maxSupply);
        mintedOfType[licenseType] = number;
        tokenId = ++totalMinted;
        _info[tokenId] = Info({
            licenseType: licenseType,
            number: number,
            availableTimes: issuesPerLicense,
            tradable: config.tradable,
            rentable: config.rentable,
            usable: config.usable
        });
        _mint(to, tokenId);
        emit LicenseMinted(
            tokenId,
            to,
            licenseType,
            number,
            issuesPerLicense,
            config.tradable,
            config.rentable,
            config.usable,
            price
        );
    }

    function _grantRental(uint256 tokenId, address user, uint64 expires, uint16 maxIssues) private {
        if (msg.sender != marketplace) revert NotMarketplace(msg.sender);
        _existingInfo(tokenId);
        if (user == address(0) || expires <= block.timestamp || maxIssues == 0) {
            revert InvalidRental(tokenId, user, expires, maxIssues);
        }
        _rentals[tokenId] = Rental({user: user, expires: expires, maxIssues: maxIssues, issuesUsed: 0});
        emit UpdateUser(tokenId, user, expires);
        emit RentalGranted(tokenId, user, expires, maxIssues);
        emit MetadataUpdate(tokenId);
    }

    /// Clears the user on every transfer, and keeps non-tradable Licenses with their owner except for
    /// the protocol's own escrows (marketplace for rent, Markets for a staked bond).
    function _update(address to, uint256 tokenId, address auth) internal override returns (address from) {
        from = super._update(to, tokenId, auth);
        if (from != address(0) && to != address(0)) {
            if (
                !_info[tokenId].tradable && to != marketplace && to != markets && from != marketplace
                    && from != markets
            ) {
                revert LicenseNotTradable(tokenId);
            }
        }
        if (from != to && _rentals[tokenId].user != address(0)) {
            delete _rentals[tokenId];
            emit UpdateUser(tokenId, address(0), 0);
            // The rental's end (the License back from the marketplace, or sold on): no longer rented.
            emit MetadataUpdate(tokenId);
        }
    }

    function _existingInfo(uint256 tokenId) private view returns (Info storage info_) {
        if (_ownerOf(tokenId) == address(0)) revert NonexistentLicense(tokenId);
        return _info[tokenId];
    }

    function _packetSize(Packet memory packet_) private pure returns (uint256) {
        return uint256(packet_.counts[0]) + packet_.counts[1] + packet_.counts[2];
    }
}
